// `account` (GET /v1/account) and `balance` (GET /v1/balance): detail tables for people with R$
// amounts; --json prints the API's data exactly; the balance's csv and plain are its export's.
import { type BalanceFigure, type BalanceReading, readBalance, unusableMoney } from '../../api/account.js';
import type { Context } from '../../context.js';
import { formatDocument } from '../../domain/documents.js';
import { declaredMoneyUnit, type MoneyUnit } from '../../domain/money-reading.js';
import { isJsonObject } from '../../json.js';
import { formatReading, receivedText } from '../../output/format.js';
import { type Field, otherFields, writeObject } from '../../output/render.js';
import { accountStatusText } from '../../output/status-text.js';
import type { Account } from '../../schemas/account.js';
import { sayAccount } from '../../text/en/account.js';
import { sayFor } from '../../text/in-english.js';
import { NO_ARGUMENTS, readArguments } from '../options.js';
import type { CommandHandler } from '../types.js';

// Objects as JSON (a gateway's `status` may be one), numbers as written.
const text = receivedText;

/** The account's rows; labels in the run's language for a table, English keys for csv/plain. */
export function accountFields(forPeople: boolean): Field<Account>[] {
  const label = sayFor(sayAccount, forPeople);
  return [
    { label: label('labelSellerId'), key: 'seller_id', value: (account) => text(account.seller_id) },
    { label: label('labelName'), key: 'name', value: (account) => text(account.name) },
    { label: label('labelEmail'), key: 'email', value: (account) => text(account.email) },
    {
      label: label('labelDocument'),
      key: 'document',
      value: (account) => text(account.document),
      display: (account) =>
        typeof account.document === 'string' ? formatDocument(account.document) : text(account.document),
    },
    { label: label('labelPersonType'), key: 'person_type', value: (account) => text(account.person_type) },
    {
      label: label('labelStatus'),
      key: 'status',
      value: (account) => text(account.status),
      display: (account) => accountStatusText(account.status),
    },
    {
      label: label('labelCompliance'),
      key: 'compliance_status',
      value: (account) => text(account.compliance_status),
      display: (account) => accountStatusText(account.compliance_status),
    },
    {
      label: label('labelPixKey'),
      key: 'pix_key',
      value: (account) => text(account.pix_key?.value),
      display: (account) => {
        if (!account.pix_key) return '';
        const { value, type } = account.pix_key;
        // A CPF or CNPJ key is shown as one; an e-mail, phone or random key as it is.
        const shown =
          typeof value === 'string' && (type === 'cpf' || type === 'cnpj')
            ? formatDocument(value)
            : text(value);
        return `${shown}${type ? ` (${text(type)})` : ''}`;
      },
    },
    {
      label: label('labelDefaultStore'),
      key: 'default_store_id',
      value: (account) => text(account.default_store_id),
    },
    {
      label: label('labelPix'),
      key: 'pix_enabled',
      value: (account) => text(account.pix_enabled),
      display: (account) =>
        account.pix_enabled === true
          ? sayAccount('pixEnabled')
          : account.pix_enabled === false
            ? sayAccount('pixNotEnabled')
            : text(account.pix_enabled),
    },
  ];
}

/** A money figure of the balance: R$ when its unit is known, else as received (flagged). */
function figureText(figure: BalanceFigure | undefined): string {
  if (!figure) return '';
  return formatReading(figure.reading);
}

/** The balance table, over the answer as received (any shape: readBalance finds the figures). */
export function balanceFields(data: unknown, declared?: MoneyUnit): Field<unknown>[] {
  const reading = readBalance(data, declared);
  const label = sayAccount;
  const figure = (label: string, value: BalanceFigure | undefined): Field<unknown> => ({
    label,
    key: value?.field.split('.')[0],
    value: () => (value ? (value.centavos ?? value.value) : ''),
    display: () => figureText(value),
  });
  const known: Field<unknown>[] = [
    figure(label('labelAvailable'), reading.available),
    figure(label('labelPending'), reading.pending),
    figure(label('labelReserved'), reading.reserved),
    // Only a currency the answer gave: one it did not is never printed as if it had.
    { label: label('labelCurrency'), key: 'currency', value: () => reading.currency ?? '' },
  ];
  return [...known, ...otherFields(data, known)];
}

/** `{account: {...}}` and the like: the one object inside, for the table (--json stays as received). */
function unwrapAccount(data: unknown): unknown {
  if (!isJsonObject(data)) return data;
  const entries = Object.entries(data);
  const inner = data.account ?? data.seller;
  return entries.length === 1 && isJsonObject(inner) ? inner : data;
}

export const account: CommandHandler<void> = {
  parse: (input) => void readArguments(NO_ARGUMENTS, input),
  run: (_options, context) => writeAccount(context),
};

export const balance: CommandHandler<void> = {
  parse: (input) => void readArguments(NO_ARGUMENTS, input),
  run: (_options, context) => writeBalance(context),
};

async function writeAccount(context: Context): Promise<number> {
  const client = await context.client();
  const account = await client.account.getAccount({ signal: context.signal });
  if (context.globals.excel) {
    // A spreadsheet for people (src/output/exports.ts) of the account inside a wrapper, as the
    // table shows it; plain -o csv below stays the scripts' own.
    const view = unwrapAccount(account);
    const { ACCOUNT_EXPORT, exportFormatOf, exportText, withOtherFields } = await import(
      '../../output/exports.js'
    );
    const columns = withOtherFields(ACCOUNT_EXPORT, [view]);
    context.io.stdout.write(exportText([view as object], columns, exportFormatOf(context)));
    return 0;
  }
  if (context.output !== 'table') {
    writeObject(context.io.stdout, context.output, account, accountFields(false), { colors: context.colors });
    return 0;
  }
  const view = unwrapAccount(account) as Account;
  const known = accountFields(true);
  const fields = [...known, ...otherFields(view, known)];
  writeObject(context.io.stdout, context.output, view, fields, { colors: context.colors });
  return 0;
}

async function writeBalance(context: Context): Promise<number> {
  const client = await context.client();
  const balance = await client.account.getBalance({ signal: context.signal });
  const declared = declaredMoneyUnit(context);
  const reading = readBalance(balance, declared);
  for (const figure of [reading.available, reading.pending, reading.reserved]) {
    if (figure && figure.centavos === undefined) {
      context.log.warn(sayAccount('figureUnusable', { problem: String(unusableMoney(figure, '')) }));
    }
  }
  if (context.globals.excel || context.output === 'csv' || context.output === 'plain') {
    await writeBalanceExport(context, balance, reading);
    return 0;
  }
  // A table for people; json and ndjson print the answer as received (the fields go unused).
  const fields = context.output === 'table' ? balanceFields(balance, declared) : [];
  writeObject(context.io.stdout, context.output, balance, fields, { colors: context.colors });
  return 0;
}

/**
 * The balance for scripts (`-o csv`, `-o plain`) and as a spreadsheet for people (`--excel`), in
 * the export's columns (src/output/exports.ts): each figure in centavos and reais when its unit is
 * known, else as received in its `…_as_received` column; then the answer's other fields as received.
 */
async function writeBalanceExport(context: Context, balance: unknown, reading: BalanceReading) {
  const { BALANCE_EXPORT, exportFormatOf, exportPlainText, exportText, withOtherFields } = await import(
    '../../output/exports.js'
  );
  const figures = [reading.available, reading.pending, reading.reserved];
  // The fields the figures came from (`balance.available` is under `balance`) are not repeated.
  const shown = new Set(['currency', ...figures.map((value) => value?.field.split('.')[0])]);
  const others = isJsonObject(balance)
    ? Object.fromEntries(Object.entries(balance).filter(([name]) => !shown.has(name)))
    : {};
  const row = {
    ...others,
    available: reading.available,
    pending: reading.pending,
    reserved: reading.reserved,
    currency: reading.currency,
  };
  const columns = withOtherFields(BALANCE_EXPORT, [row]);
  const format = exportFormatOf(context);
  context.io.stdout.write(
    context.output === 'plain' && !context.globals.excel
      ? exportPlainText(row, columns, format)
      : exportText([row], columns, format),
  );
}
