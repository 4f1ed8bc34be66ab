import type { Context } from '../../context.js';
import { formatMoney } from '../../domain/money.js';
import { declaredMoneyUnit, readMoney } from '../../domain/money-reading.js';
import { computeSplit, type SplitPreview } from '../../domain/split.js';
import { CancelledError } from '../../errors.js';
import { formatPercent, formatReading } from '../../output/format.js';
import { formatJson } from '../../output/render.js';
import { sanitizeForTerminal, sanitizeMultiline } from '../../output/sanitize.js';
import type { Address } from '../../schemas/address.js';
import type { Charge, Item } from '../../schemas/charge.js';
import { decimalText } from '../../text/decimal.js';
import { durationText } from '../../text/duration.js';
import { sayCharge } from '../../text/en/charge.js';
import { saySplit } from '../../text/en/split.js';
import { inEnglish } from '../../text/in-english.js';
import type { Plan } from './draft.js';
import type { Json } from './request-rules.js';

/** The preview as `split preview --json` gives it, the estimate's sentence first; without violations. */
export function previewJson(preview: SplitPreview): Json {
  const { violations: _violations, warnings, ...rest } = preview;
  return { ...rest, warnings: [saySplit('estimate'), ...warnings] };
}

/**
 * The body as it would be sent. An e-mail entry's seller is looked up only when creating: for
 * scripts (--json) the entry keeps its `email`; for people (`asSent`) its `seller_id` says where it
 * comes from, for `email` is never sent.
 */
export function dryRunBody(plan: Plan, asSent = false): Json {
  if (!plan.split) return plan.body;
  const split = plan.split.map((entry) => ({
    ...(entry.sellerId !== undefined
      ? { seller_id: entry.sellerId }
      : asSent
        ? { seller_id: sayCharge('sellerLookedUpWhenCreated', { email: entry.email ?? '' }) }
        : { email: entry.email }),
    ...(entry.percentage !== undefined ? { percentage: entry.percentage } : {}),
    ...(entry.amount !== undefined ? { amount: entry.amount } : {}),
    ...(entry.description !== undefined ? { description: entry.description } : {}),
  }));
  return { ...plan.body, split };
}

export function addressText(address: Partial<Address>): string {
  const street = [address.street, address.number, address.complement, address.neighborhood]
    .filter(Boolean)
    .join(', ');
  const cityState = [address.city, address.state].filter(Boolean).join('/');
  return [street, cityState, address.zipcode, address.country].filter(Boolean).join(' · ');
}

export function writeDryRun(context: Context, plan: Plan): void {
  const out = context.io.stdout;
  const body = dryRunBody(plan, context.output === 'table');
  const amount = Number(plan.body.amount);
  if (context.output !== 'table') {
    // Scripts read the preview's warnings in English whatever the run's language (docs/language.md).
    const preview = inEnglish(() =>
      previewJson(computeSplit({ amount, feeRate: plan.feeRate, entries: plan.split ?? [] })),
    );
    const document = { request: body, preview, pix_address: plan.pixAddress };
    out.write(formatJson(document, context.output === 'ndjson' ? 'ndjson' : 'json'));
  } else {
    const preview = plan.preview ?? computeSplit({ amount, feeRate: plan.feeRate, entries: [] });
    const c = context.colors;
    const lines: string[] = [];
    lines.push(c.bold(sayCharge('requestBody')), sanitizeMultiline(JSON.stringify(body, null, 2)), '');
    lines.push(c.bold(sayCharge('feeAndSplit', { rate: decimalText(preview.fee_rate) })));
    lines.push(...previewLines(preview));
    lines.push(c.dim(saySplit('estimate')), '');
    if (plan.items?.length) {
      const given = Array.isArray(plan.body.items) ? (plan.body.items as Item[]) : [];
      const spread = given.length > 0 && given.every((item) => item.unit_price === 0);
      lines.push(c.bold(sayCharge(spread ? 'itemsSpread' : 'items')));
      for (const item of plan.items) {
        lines.push(`  ${item.quantity} × ${sanitizeForTerminal(item.name)}  ${formatMoney(item.unit_price)}`);
      }
      lines.push('');
    }
    const source =
      plan.pixAddress.source === 'default' ? sayCharge('pixAddressGenericDefault') : plan.pixAddress.source;
    lines.push(
      sayCharge('pixAddressFrom', {
        label: c.bold(sayCharge('pixAddress')),
        source,
        address: sanitizeForTerminal(addressText(plan.pixAddress.address)),
      }),
    );
    out.write(`${lines.join('\n')}\n`);
  }
  if (plan.split?.some((entry) => entry.sellerId === undefined)) {
    context.log.info(sayCharge('splitByEmailLookedUp'));
  }
  context.log.info(sayCharge('dryRunNothingSent'));
}

/** Amount, fee, net, each split entry and the main seller's part, aligned. */
export function previewLines(preview: SplitPreview, more: Array<[string, string]> = []): string[] {
  const rows: Array<[string, string]> = [
    [sayCharge('previewAmount'), formatMoney(preview.amount)],
    [sayCharge('previewFee'), formatMoney(preview.fee)],
    [sayCharge('previewNet'), formatMoney(preview.net)],
  ];
  for (const entry of preview.entries) {
    const who =
      entry.seller_id !== null
        ? sayCharge('seller', { id: entry.seller_id })
        : sanitizeForTerminal(entry.email ?? '?');
    const share = entry.percentage !== null ? ` (${formatPercent(entry.percentage)})` : '';
    const description = entry.description ? ` · ${sanitizeForTerminal(entry.description)}` : '';
    rows.push([
      `  ${who}${share}`,
      `${entry.amount === null ? '?' : formatMoney(entry.amount)}${description}`,
    ]);
  }
  if (preview.main_seller_amount !== null && preview.entries.length > 0)
    rows.push([sayCharge('previewMainSeller'), formatMoney(preview.main_seller_amount)]);
  rows.push(...more);
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`);
}

/**
 * The interactive run's last step, as `gh pr create` does: what will be sent (fee and split
 * preview), then a question; No sends nothing.
 */
export async function confirmCreate(context: Context, plan: Plan): Promise<void> {
  const amount = Number(plan.body.amount);
  const preview = plan.preview ?? computeSplit({ amount, feeRate: plan.feeRate, entries: [] });
  const pix = (plan.body.pix ?? {}) as { description?: string; expires_in?: number };
  const c = context.errorColors;
  const more: Array<[string, string]> = [];
  if (pix.description) more.push([sayCharge('previewDescription'), sanitizeForTerminal(pix.description)]);
  if (pix.expires_in) more.push([sayCharge('previewExpiresIn'), durationText(pix.expires_in * 1000)]);
  const lines = [
    '',
    c.bold(sayCharge('confirmHeading', { rate: decimalText(preview.fee_rate) })),
    ...previewLines(preview, more),
  ];
  context.log.info(lines.join('\n'));
  const confirmed = await context.prompter.confirm({ message: sayCharge('confirmCreate'), default: true });
  if (!confirmed) throw new CancelledError();
}

/** A charge of a bare `--amount` below 100 centavos, asked about before it is sent (default No). */
export async function confirmSmallAmount(context: Context, amount: number): Promise<void> {
  const confirmed = await context.prompter.confirm({
    message: sayCharge('confirmSmallAmount', { amount: formatMoney(amount) }),
    default: false,
  });
  if (!confirmed) throw new CancelledError();
}

/** Warns when the gateway's split differs from the local preview (the gateway's figures win). */
export function compareSplit(context: Context, preview: SplitPreview, charge: Charge): void {
  const server = Array.isArray(charge.split) ? charge.split : [];
  const differences: string[] = [];
  if (server.length !== preview.entries.length) {
    differences.push(
      sayCharge('splitEntryCount', { actual: server.length, expected: preview.entries.length }),
    );
  }
  const declared = declaredMoneyUnit(context);
  preview.entries.forEach((entry, index) => {
    const actual = server[index];
    if (!actual || entry.amount === null) return;
    // Read as the charge's money, in its currency: one of unknown unit is never the same centavos.
    const reading =
      actual.amount === undefined || actual.amount === null
        ? undefined
        : readMoney('split.amount', actual.amount, declared, { currency: charge.currency });
    if (!reading?.known || reading.centavos !== entry.amount) {
      const who = actual.seller_name
        ? sayCharge('sellerNamed', {
            name: sanitizeForTerminal(actual.seller_name),
            id: `${actual.seller_id}`,
          })
        : sayCharge('seller', { id: `${actual.seller_id}` });
      differences.push(
        sayCharge('splitEntryGets', {
          who,
          actual: formatReading(reading),
          expected: formatMoney(entry.amount),
        }),
      );
    }
  });
  if (differences.length > 0) {
    context.log.warn(
      sayCharge('splitDiffers', { rate: decimalText(preview.fee_rate), differences: differences.join('; ') }),
    );
  }
}
