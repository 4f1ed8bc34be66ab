// `split preview`: fee and split computed offline (src/domain/split.ts), every broken rule named.
// This command is on the start-up benchmark path: it imports no zod, no API client, no prompts;
// `--resolve` loads the seller lookup (and with it the client) only when asked.

import { feeRate } from '../../config/settings.js';
import type { Context, Settings } from '../../context.js';
import { formatMoney, parseMoney } from '../../domain/money.js';
import {
  computeSplit,
  type SplitInput,
  type SplitPreview,
  type SplitPreviewEntry,
  type SplitViolation,
} from '../../domain/split.js';
import { parseSplitArgument } from '../../domain/split-entries.js';
import { isStatus } from '../../domain/status.js';
import { UsageError } from '../../errors.js';
import { type Column, type Field, terminalFit, writeList, writeObject } from '../../output/render.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { accountStatusText } from '../../output/status-text.js';
import { decimalText } from '../../text/decimal.js';
import { saySplit } from '../../text/en/split.js';
import { sayFor, tableWords } from '../../text/in-english.js';
import { readFlags } from '../options.js';
import type { CommandHandler, CommandInput } from '../types.js';
import { SPLIT_PREVIEW_FLAGS } from './flags.js';

/** Rules added by --resolve (the domain's SplitRule covers the offline ones). */
export const ResolveRule = { SellerNotFound: 'seller_not_found', SellerEligible: 'seller_eligible' } as const;

export interface SplitPreviewOptions {
  amount: number;
  feeRate: number;
  entries: SplitInput[];
  resolve: boolean;
}

/** The flags as typed options, checked; reads nothing but the settings (no network). */
export function parseSplitPreview(input: CommandInput, context: Settings): SplitPreviewOptions {
  if (input.args.length > 0) throw new UsageError(saySplit('noArguments'), { field: 'argument' });
  const flags = readFlags(SPLIT_PREVIEW_FLAGS, input);
  if (flags.amount === undefined || flags.amount === '') {
    throw new UsageError(saySplit('amountRequired'), {
      field: '--amount',
    });
  }
  const amount = parseMoney(flags.amount, '--amount');
  const rate = feeRate(flags.feeRate, flags.method ?? 'pix', context.setting);
  const entries = (flags.split ?? []).map((text) => parseSplitArgument(text, '--split'));
  return { amount, feeRate: rate, entries, resolve: flags.resolve === true };
}

export const splitPreview: CommandHandler<SplitPreviewOptions> = {
  parse: parseSplitPreview,
  run: previewSplit,
};

/** A rule --resolve found broken, its message said when printed: in English for a script. */
type ResolveViolation = Omit<SplitViolation, 'message'> & { say: () => string };

async function previewSplit(options: SplitPreviewOptions, context: Context): Promise<number> {
  const extraViolations: ResolveViolation[] = [];
  const extraWarnings: Array<() => string> = [];
  let entries = options.entries;
  if (options.resolve) entries = await resolveEntries(context, entries, extraViolations, extraWarnings);
  const split = () => computeSplit({ amount: options.amount, feeRate: options.feeRate, entries });
  // Scripts read the preview's words in English whatever the run's language (docs/language.md).
  const _forPeople = context.output === 'table';
  const spoken = (say: () => string) => tableWords(context.output, say);
  const computed = tableWords(context.output, split);
  const preview: SplitPreview = {
    ...computed,
    // The estimate's sentence first, said here: the domain's words are the `rules` area, which a
    // preview whose rules hold then never reads (bench/CHOICES.md).
    warnings: [spoken(() => saySplit('estimate')), ...computed.warnings, ...extraWarnings.map(spoken)],
    violations: [
      ...computed.violations,
      ...extraViolations.map(({ say, ...violation }) => ({ ...violation, message: spoken(say) })),
    ],
  };
  await writePreview(context, preview);
  if (preview.violations.length > 0) {
    const count = preview.violations.length;
    // A table lists each broken rule above (✗ lines); the error then only counts them.
    const listed = context.output === 'table';
    throw new UsageError(
      listed
        ? saySplit('rulesBrokenListed', { count })
        : saySplit('rulesBroken', {
            count,
            // The error's message follows the run's language (its type and code do not).
            rules: [
              ...split().violations.map((violation) => violation.message),
              ...extraViolations.map(({ say }) => say()),
            ].join('; '),
          }),
      { field: preview.violations[0]!.field, code: preview.violations[0]!.rule },
    );
  }
  return 0;
}

/**
 * --resolve: each e-mail entry is looked up (seller find) and must be active, approved and (when
 * the gateway shows it) PIX-enabled. Seller ids cannot be looked up: the API searches by e-mail only.
 */
async function resolveEntries(
  context: Context,
  entries: SplitInput[],
  violations: ResolveViolation[],
  warnings: Array<() => string>,
): Promise<SplitInput[]> {
  const { findSeller } = await import('../seller/find.js');
  const { NotFoundError } = await import('../../api/errors.js');
  const resolved: SplitInput[] = [];
  for (const [index, entry] of entries.entries()) {
    const field = `split[${index}]`;
    if (entry.email === undefined) {
      if (entry.sellerId !== undefined) {
        const seller = entry.sellerId;
        warnings.push(() => saySplit('sellerNotChecked', { field, seller }));
      }
      resolved.push(entry);
      continue;
    }
    try {
      const seller = await findSeller(context, entry.email);
      resolved.push({ ...entry, sellerId: seller.seller_id });
      const email = entry.email;
      const problems: Array<() => string> = [];
      if (!isStatus(seller.status, 'active'))
        problems.push(() => saySplit('statusNotActive', { status: accountStatusText(seller.status) }));
      if (!isStatus(seller.compliance_status, 'approved')) {
        problems.push(() =>
          saySplit('complianceNotApproved', { status: accountStatusText(seller.compliance_status) }),
        );
      }
      if (seller.pix_enabled === false) problems.push(() => saySplit('pixNotEnabled'));
      if (problems.length > 0) {
        violations.push({
          field,
          rule: ResolveRule.SellerEligible,
          say: () =>
            saySplit('cannotReceive', {
              field,
              seller: seller.seller_id,
              email: sanitizeForTerminal(email),
              problems: sanitizeForTerminal(problems.map((say) => say()).join(', ')),
            }),
        });
      }
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      resolved.push(entry);
      const email = entry.email;
      violations.push({
        field,
        rule: ResolveRule.SellerNotFound,
        say: () => saySplit('sellerNotFound', { field, email: sanitizeForTerminal(email) }),
      });
    }
  }
  return resolved;
}

function sellerText(entry: SplitPreviewEntry): string {
  if (entry.email !== null && entry.seller_id !== null) return `${entry.email} (${entry.seller_id})`;
  if (entry.email !== null) return entry.email;
  return entry.seller_id !== null ? String(entry.seller_id) : '?';
}

/**
 * The share as it was given: a percentage (of the net: the fee comes off first) or a fixed amount,
 * whose money is the AMOUNT column. No effective percentage: rounded to two decimals it does not
 * give back the amount beside it (R$ 1,00 of a net of R$ 1,20 is not 83.33%).
 */
function shareText(entry: SplitPreviewEntry, forPeople: boolean): string {
  const say = sayFor(saySplit, forPeople);
  if (entry.percentage !== null)
    return say('percentOfNet', { percentage: forPeople ? decimalText(entry.percentage) : entry.percentage });
  return entry.amount !== null ? say('fixed') : '';
}

interface Row {
  seller: string;
  share: string;
  amount: number | null;
  description: string;
}

async function writePreview(context: Context, preview: SplitPreview): Promise<void> {
  const out = context.io.stdout;
  if (context.output === 'json' || context.output === 'ndjson') {
    out.write(`${JSON.stringify(preview, null, context.output === 'json' ? 2 : undefined)}\n`);
    return;
  }
  // A table is for people (the run's language); csv/plain rows and headers are a script's (English).
  const forPeople = context.output === 'table';
  const say = sayFor(saySplit, forPeople);
  const rows: Row[] = preview.entries.map((entry) => ({
    seller: sellerText(entry),
    share: shareText(entry, forPeople),
    amount: entry.amount,
    description: entry.description ?? '',
  }));
  rows.push({
    seller: say('mainSeller'),
    share: '',
    amount: preview.main_seller_amount,
    description: '',
  });
  const money = (value: number | null) => (value === null ? '?' : formatMoney(value));
  const summary: Field<SplitPreview>[] = [
    { label: say('labelGross'), value: (p) => p.amount, display: (p) => money(p.amount) },
    {
      label: say('labelFee', { rate: decimalText(preview.fee_rate) }),
      value: (p) => p.fee,
      display: (p) => money(p.fee),
    },
    { label: say('labelNet'), value: (p) => p.net, display: (p) => money(p.net) },
    {
      label: say('labelMode'),
      value: (p) => p.mode ?? '',
      // The domain's mode, said for people; any other word as it is.
      display: (p) =>
        p.mode === 'percentage'
          ? say('modePercentage')
          : p.mode === 'amount'
            ? say('modeAmount')
            : (p.mode ?? ''),
    },
  ];
  const columns: Column<Row>[] = [
    { key: 'seller', header: say('headerSeller'), value: (row) => row.seller },
    { key: 'share', header: say('headerShare'), value: (row) => row.share },
    {
      key: 'amount',
      header: say('headerAmount'),
      value: (row) => row.amount ?? '',
      display: (row) => money(row.amount),
      align: 'right',
    },
    {
      key: 'description',
      header: say('headerDescription'),
      value: (row) => row.description,
      cutToFit: true,
    },
  ];
  if (context.output === 'table') {
    writeObject(out, 'table', preview, summary, { colors: context.colors });
    out.write('\n');
    // Fitted to a terminal: the description cut, or columns left out and named (render.ts).
    await writeList(out, 'table', rows, columns, { colors: context.colors, ...terminalFit(context.io) });
    for (const warning of preview.warnings) context.log.warn(warning);
    for (const violation of preview.violations) {
      context.io.stderr.write(`${context.errorColors.red('✗')} ${violation.message}\n`);
    }
    return;
  }
  // csv / plain: the entry rows with raw amounts (centavos).
  await writeList(out, context.output, rows, columns, { colors: context.colors });
}
