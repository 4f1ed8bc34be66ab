// Helpers shared by the payout commands: detail fields and list columns, the masked destination
// key, watch options and the wait loop used by `payout watch` and `payout create --wait`.
import type { Context, Settings } from '../../context.js';
import { declaredMoneyUnit, type MoneyUnit } from '../../domain/money-reading.js';
import {
  findAmount,
  findCreatedAt,
  idOf,
  namesRead,
  readAmount,
  resourceId,
} from '../../domain/resource-fields.js';
import { NO_STATUS_WORDS, type PayoutStatus, payoutOutcome, type StatusWords } from '../../domain/status.js';
import { FinalStatusError, UsageError } from '../../errors.js';
import { statusColor } from '../../output/colors.js';
import { exportFormatOf, exportText, PAYOUT_EXPORT } from '../../output/exports.js';
import { formatReading, formatTimestamp, localTimeHeader, receivedText } from '../../output/format.js';
import { type Column, type Field, otherFields, writeObject } from '../../output/render.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { statusText } from '../../output/status-text.js';
import type { Payout } from '../../schemas/payout.js';
import { sayPayout } from '../../text/en/payout.js';
import { sayFor } from '../../text/in-english.js';
import { payoutStatusWords } from '../shared/status-words.js';
import { type WatchFlags, watchTiming, watchUntilFinal } from '../shared/watch.js';

export const DEFAULT_WATCH_TIMEOUT = '10m';

/** Whether a watch keeps polling: every status but the closed list of final ones (domain/status.ts). */
export function isPayoutInProgress(
  status: string,
  words: StatusWords<PayoutStatus> = NO_STATUS_WORDS,
): boolean {
  return payoutOutcome(status, words) === 'in_progress';
}

const text = receivedText;

/** A payout's creation time under any of its common names, as a local time when it reads as one. */
function createdText(payout: Payout, now?: number): string {
  const value = findCreatedAt(payout)?.value;
  return typeof value === 'string' ? formatTimestamp(value, now, { past: true }) : text(value);
}

/**
 * A PIX key shown partially: enough to recognise it, not enough to copy it. Digits of a CPF/CNPJ
 * or phone keep the first 2 and last 2 (punctuation kept); an e-mail keeps its first letter and
 * domain; anything else its first 4 and last 4 characters.
 */
export function maskPixKey(key: string, type?: string): string {
  let value = key;
  const kind = (type ?? '').toLowerCase();
  if (kind === 'email' || (kind === '' && value.includes('@'))) {
    const at = value.lastIndexOf('@');
    if (at > 0) return `${value[0]}***${value.slice(at)}`;
  }
  let digits = value.replace(/\D/g, '');
  // Bare document digits read better with their usual punctuation.
  if (value === digits && kind === 'cnpj' && digits.length === 14) {
    value = digits.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
  } else if (value === digits && kind === 'cpf' && digits.length === 11) {
    value = digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  }
  digits = value.replace(/\D/g, '');
  if (
    ['cpf', 'cnpj', 'phone'].includes(kind) ||
    (kind === '' && /^[\d.\-/+() ]+$/.test(value) && digits.length >= 8)
  ) {
    let seen = 0;
    return Array.from(value)
      .map((char) => {
        if (!/\d/.test(char)) return char;
        seen++;
        return seen <= 2 || seen > digits.length - 2 ? char : '*';
      })
      .join('');
  }
  if (value.length <= 8) return `${value.slice(0, 2)}…`;
  return `${value.slice(0, 4)}…${value.slice(-4)}`;
}

export function destinationText(payout: Pick<Payout, 'pix_key'>): string {
  const key = payout.pix_key;
  if (!key || typeof key.value !== 'string') return '';
  const type = typeof key.type === 'string' ? key.type : '';
  return `${type ? `${type.toUpperCase()} ` : ''}${maskPixKey(key.value, type)}`;
}

/**
 * When a failed payout failed: its `failed_at`, else the `updated_at` of a failed one (the last
 * change of a final payout is its failure); undefined for any other payout.
 */
function failedAt(payout: Payout, words: StatusWords<PayoutStatus>): unknown {
  if (payoutOutcome(payout.status, words) !== 'failure') return undefined;
  return (payout as { failed_at?: unknown }).failed_at ?? payout.updated_at;
}

/** Detail view of a payout (create, get, watch); money in the profile's declared unit, if any. */
export function payoutFields(
  now: number,
  words: StatusWords<PayoutStatus> = NO_STATUS_WORDS,
  declared?: MoneyUnit,
  forPeople = false,
): Field<Payout>[] {
  // A table's labels in the run's language; `-o plain` labels are a script's keys (English).
  const label = sayFor(sayPayout, forPeople);
  return [
    { label: label('labelId'), key: 'id', value: (payout) => resourceId(payout) },
    {
      label: label('labelStatus'),
      key: 'status',
      value: (payout) => payout.status,
      display: (payout, colors) => statusColor(payout.status, colors, words),
    },
    {
      label: label('labelAmount'),
      value: (payout) => findAmount(payout)?.value,
      display: (payout) => formatReading(readAmount(payout, declared)),
    },
    {
      label: label('labelDestination'),
      key: 'pix_key',
      value: (payout) => text(payout.pix_key?.value),
      display: (payout) => destinationText(payout),
    },
    { label: label('labelProvider'), key: 'provider', value: (payout) => text(payout.provider) },
    { label: label('labelDescription'), key: 'description', value: (payout) => text(payout.description) },
    {
      label: label('labelFailureReason'),
      key: 'failure_reason',
      value: (payout) => text(payout.failure_reason),
    },
    {
      label: label('labelFailed'),
      key: 'failed_at',
      value: (payout) => text(failedAt(payout, words)),
      display: (payout) => {
        const at = failedAt(payout, words);
        return typeof at === 'string' ? formatTimestamp(at) : text(at);
      },
    },
    {
      label: label('labelCompleted'),
      key: 'completed_at',
      value: (payout) => text((payout as { completed_at?: unknown }).completed_at),
      display: (payout) => {
        const at = (payout as { completed_at?: unknown }).completed_at;
        return typeof at === 'string' ? formatTimestamp(at) : '';
      },
    },
    {
      label: label('labelCreated'),
      value: (payout) => text(findCreatedAt(payout)?.value),
      display: (payout) => createdText(payout, now),
    },
  ];
}

/** Columns of `payout list`. csv/plain get the raw values (centavos, full key). */
export function payoutColumns(
  words: StatusWords<PayoutStatus> = NO_STATUS_WORDS,
  declared?: MoneyUnit,
  forPeople = false,
): Column<Payout>[] {
  // A table's headers in the run's language; a csv header is a script's keys (English).
  const header = sayFor(sayPayout, forPeople);
  return [
    { key: 'id', header: header('headerId'), value: (payout) => resourceId(payout) },
    {
      key: 'status',
      header: header('headerStatus'),
      value: (payout) => payout.status,
      display: (payout, colors) => statusColor(payout.status, colors, words),
    },
    {
      key: 'amount',
      header: header('headerAmount'),
      value: (payout) => findAmount(payout)?.value,
      display: (payout) => formatReading(readAmount(payout, declared)),
      align: 'right',
    },
    {
      key: 'destination',
      header: header('headerDestination'),
      value: (payout) => text(payout.pix_key?.value),
      display: (payout) => destinationText(payout),
    },
    {
      key: 'provider',
      header: header('headerProvider'),
      value: (payout) => text(payout.provider),
      table: 'never',
    },
    {
      key: 'failure_reason',
      header: header('headerFailure'),
      value: (payout) => text(payout.failure_reason),
      table: 'only',
    },
    {
      key: 'created_at',
      header: localTimeHeader(header('headerCreated')),
      value: (payout) => text(findCreatedAt(payout)?.value),
      display: (payout) => createdText(payout),
    },
    { key: 'description', header: header('headerDescription'), value: (payout) => text(payout.description) },
  ];
}

/** Payout fields paygate knows and leaves out of the detail view (they are in --json). */
const PAYOUT_FIELDS_NOT_SHOWN = ['updated_at', 'failed_at'];

/** One payout: json/ndjson the API's data exactly; a table leaves out empty optional rows. */
export function writePayout(context: Context, payout: Payout): void {
  if (context.output === 'csv') {
    // The export columns, the same as `payout list -o csv`.
    context.io.stdout.write(exportText([payout], PAYOUT_EXPORT, exportFormatOf(context)));
    return;
  }
  const known = payoutFields(
    context.clock.now(),
    payoutStatusWords(context),
    declaredMoneyUnit(context),
    context.output === 'table',
  );
  let fields = known;
  if (context.output === 'table') {
    // By the field each row shows (its label is in the run's language); `Failed` has none.
    const optional = new Set(['description', 'failure_reason', 'failed_at', 'provider', 'pix_key']);
    fields = fields.filter((field) => !optional.has(field.key ?? '') || text(field.value(payout)) !== '');
    // Fields paygate does not recognise are listed (name: value), never dropped.
    fields = [...fields, ...otherFields(payout, known, [...PAYOUT_FIELDS_NOT_SHOWN, ...namesRead(payout)])];
  }
  writeObject(context.io.stdout, context.output, payout, fields, { colors: context.colors });
  if (context.output === 'table' && payoutOutcome(payout.status, payoutStatusWords(context)) === 'failure') {
    // The gateway restores a failed payout's amount (docs/gateway-api.md, "Statuses").
    context.log.info(sayPayout('payoutFailed', { id: sanitizeForTerminal(idOf(payout)) }));
  }
}

/** A payout id from an argument: opaque (`co_…`), but not empty and without spaces or slashes. */
export function payoutIdArgument(value: string | undefined): string {
  const id = (value ?? '').trim();
  if (id === '' || /[\s/?#]/.test(id)) {
    throw new UsageError(
      sayPayout('notPayoutId', { value: JSON.stringify(sanitizeForTerminal(value ?? '')) }),
      {
        field: 'id',
      },
    );
  }
  return id;
}

export function payoutWatchCommand(id: string): string {
  return `paygate payout watch ${id}`;
}

/** A payout's watch or wait: its deadline is --timeout, default 10m. */
export interface PayoutWatchTiming {
  intervalMs: number;
  timeoutMs: number;
}

/** --interval (else the watch.interval setting, else 2s) and --timeout (default 10m). */
export function payoutWatchTiming(settings: Settings, flags: WatchFlags): PayoutWatchTiming {
  return watchTiming(settings, flags, DEFAULT_WATCH_TIMEOUT) as PayoutWatchTiming;
}

/**
 * Polls a payout until it is completed (returns it) or failed (FinalStatusError, exit 7);
 * StillPendingError (8) at the timeout, InterruptedError (130) on Ctrl-C, both with the resume
 * command. `onLast` receives the latest payout seen, so that --json can still print it.
 */
export async function followPayout(
  context: Context,
  id: string,
  timing: PayoutWatchTiming,
  onLast: (payout: Payout) => void,
  /** Set when a run made the payout (this one, or an earlier one of its key): an interrupted wait says it was made. */
  made?: 'this run' | 'earlier run',
): Promise<Payout> {
  const words = payoutStatusWords(context);
  const client = await context.client();
  const final = await watchUntilFinal<Payout>({
    context,
    fetch: () => client.payouts.get(id, { signal: context.signal }),
    status: (payout) => payout.status,
    isInProgress: (status) => isPayoutInProgress(status, words),
    intervalMs: timing.intervalMs,
    deadline: context.clock.now() + timing.timeoutMs,
    describe: (payout) =>
      sayPayout('watching', {
        status: receivedText(payout.status),
        id: idOf(payout),
        amount: formatReading(readAmount(payout, declaredMoneyUnit(context))),
      }),
    resumeCommand: payoutWatchCommand(id),
    onUpdate: (payout) => onLast(payout),
    ...(made
      ? {
          interruptedMessage: sayPayout(
            made === 'this run' ? 'interruptedMadeByThisRun' : 'interruptedMadeEarlier',
            { id: sanitizeForTerminal(id) },
          ),
        }
      : {}),
  });
  return final;
}

/** The outcome of a followed payout as an exit: 0 completed, FinalStatusError for anything else. */
export function finalOutcome(payout: Payout, words: StatusWords<PayoutStatus> = NO_STATUS_WORDS): void {
  if (payoutOutcome(payout.status, words) === 'success') return;
  const shown = {
    id: sanitizeForTerminal(idOf(payout)),
    status: sanitizeForTerminal(statusText(payout.status, words)),
  };
  throw new FinalStatusError(
    payout.failure_reason
      ? sayPayout('finalStatusWithReason', {
          ...shown,
          reason: sanitizeForTerminal(receivedText(payout.failure_reason)),
        })
      : sayPayout('finalStatus', shown),
    { code: payout.status },
  );
}
