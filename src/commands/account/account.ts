// `account` (GET /v1/account) and `balance` (GET /v1/balance): detail tables for people with R$
// amounts; --json prints the API's data exactly.
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { statusColor } from '../../output/colors.js';
import { formatAmount } from '../../output/format.js';
import { type Field, writeObject } from '../../output/render.js';
import type { Account, Balance } from '../../schemas/account.js';
import type { CommandInput } from '../types.js';

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

function noArguments(input: CommandInput, command: string): void {
  if (input.args.length > 0) throw new UsageError(`${command} takes no arguments`, { field: 'argument' });
}

export const accountFields: Field<Account>[] = [
  { label: 'Seller ID', value: (account) => text(account.seller_id) },
  { label: 'Name', value: (account) => text(account.name) },
  { label: 'E-mail', value: (account) => text(account.email) },
  { label: 'Document', value: (account) => text(account.document) },
  { label: 'Person type', value: (account) => text(account.person_type) },
  {
    label: 'Status',
    value: (account) => text(account.status),
    display: (account, colors) => (account.status ? statusColor(account.status, colors) : ''),
  },
  { label: 'Compliance', value: (account) => text(account.compliance_status) },
  {
    label: 'PIX key',
    value: (account) => text(account.pix_key?.value),
    display: (account) =>
      account.pix_key
        ? `${text(account.pix_key.value)}${account.pix_key.type ? ` (${account.pix_key.type})` : ''}`
        : '',
  },
  { label: 'Default store', value: (account) => text(account.default_store_id) },
];

export const balanceFields: Field<Balance>[] = [
  {
    label: 'Available',
    value: (balance) => balance.available,
    display: (balance) => formatAmount(balance.available),
  },
  {
    label: 'Pending',
    value: (balance) => balance.pending ?? '',
    display: (balance) => formatAmount(balance.pending),
  },
  {
    label: 'Reserved',
    value: (balance) => balance.reserved ?? '',
    display: (balance) => formatAmount(balance.reserved),
  },
  { label: 'Currency', value: (balance) => text(balance.currency ?? 'BRL') },
];

export async function handleAccount(input: CommandInput, context: Context): Promise<number> {
  noArguments(input, 'account');
  const client = await context.client();
  const account = await client.account.getAccount({ signal: context.signal });
  writeObject(context.io.stdout, context.output, account, accountFields, { colors: context.colors });
  return 0;
}

export async function handleBalance(input: CommandInput, context: Context): Promise<number> {
  noArguments(input, 'balance');
  const client = await context.client();
  const balance = await client.account.getBalance({ signal: context.signal });
  writeObject(context.io.stdout, context.output, balance, balanceFields, { colors: context.colors });
  return 0;
}
