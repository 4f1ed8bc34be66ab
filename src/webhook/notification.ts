// What a notification is and how it reads, for `webhook listen` and the demo. Pure: no IO.
//
// The gateway's reference names no event kinds (docs/gateway-api.md), so the kind is derived from the payload's shape (an `event`
// field, when the sender adds one, only breaks ties):
// | payload                                              | kind               |
// |------------------------------------------------------|--------------------|
// | `charge_id` + `split`, no `amount` (one seller's)    | split part         |
// | `charge_id` + `split` + `amount` (the main seller's) | charge paid        |
// | `id` `ci_…` / `txid`, status paid (per-charge)       | charge paid        |
// | `id` `co_…`, or event `payout.*`                     | payout completed   |
// | event `webhook.test`                                 | webhook test       |
// | anything else (text, other JSON)                     | unknown            |
// A charge or payout payload whose status is not paid/completed reads `charge <status>`.

import { readMoney } from '../domain/money-reading.js';
import { isStatus } from '../domain/status.js';
import { isJsonObject, WrittenNumber } from '../json.js';
import type { Colors } from '../output/colors.js';
import { statusColor } from '../output/colors.js';
import { cutToWidth, displayWidth } from '../output/columns.js';
import { formatReading } from '../output/format.js';
import { sanitizeForTerminal } from '../output/sanitize.js';
import { sayWebhook } from '../text/en/webhook.js';

/** One request the receiver got: the line `webhook listen --json` prints. */
export interface ReceivedNotification {
  /** ISO time of arrival. */
  received_at: string;
  method: string;
  path: string;
  /** Only these two: the rest may carry secrets of the sender's infrastructure. */
  headers: { 'content-type'?: string; 'user-agent'?: string; 'x-request-id'?: string };
  /** The parsed JSON, or the text when it is not JSON (an empty body is ""). */
  body: unknown;
  /** With --forward-to: where it was relayed and what the target answered (null: no answer). */
  forwarded?: { url: string; status: number | null; error?: string };
  /** With --verify: what the API says of it. */
  verification?: Verification;
}

/** With --verify: what the API says of the charge or payout a notification names (verify.ts). */
export interface Verification {
  verified: boolean;
  /** Why not (null when verified). */
  reason: string | null;
  /** What the API says (null when it could not be read). */
  status: string | null;
  amount: unknown;
}

export interface SplitPart {
  seller_id: unknown;
  seller_name?: string;
  amount: unknown;
  percentage: unknown;
}

export interface NotificationSummary {
  kind: string;
  /** Charge or payout id (`id` or `charge_id`). */
  id: string | undefined;
  status: string | undefined;
  amount: unknown;
  txid: string | undefined;
  externalId: string | undefined;
  split: SplitPart[];
  /** The body's `currency` as received: its money is centavos of reais only when none or BRL. */
  currency: unknown;
}

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;

function splitParts(value: unknown): SplitPart[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isJsonObject).map((entry) => ({
    seller_id: entry.seller_id,
    ...(typeof entry.seller_name === 'string' ? { seller_name: entry.seller_name } : {}),
    amount: entry.amount,
    percentage: entry.percentage,
  }));
}

function chargeKind(status: string | undefined): string {
  return status === undefined || isStatus(status, 'paid') ? 'charge paid' : `charge ${status}`;
}

/** What a notification body says: its kind, id, status, amount and split parts. */
export function summarizeNotification(body: unknown): NotificationSummary {
  const empty: NotificationSummary = {
    kind: 'unknown',
    id: undefined,
    status: undefined,
    amount: undefined,
    txid: undefined,
    externalId: undefined,
    split: [],
    currency: undefined,
  };
  if (!isJsonObject(body)) return empty;
  const event = str(body.event) ?? '';
  const status = str(body.status);
  const base = {
    status,
    amount: body.amount,
    txid: str(body.txid),
    externalId: str(body.external_id),
    split: splitParts(body.split),
    currency: body.currency,
  };
  const chargeId = str(body.charge_id);
  if (chargeId !== undefined) {
    const whole = body.amount !== undefined;
    return { ...base, kind: whole ? chargeKind(status) : 'split part', id: chargeId };
  }
  const id = str(body.id);
  if (event === 'webhook.test') return { ...base, kind: 'webhook test', id: str(body.webhook_id) ?? id };
  if (id?.startsWith('co_') || event.startsWith('payout.')) {
    const kind =
      status === undefined || isStatus(status, 'completed') ? 'payout completed' : `payout ${status}`;
    return { ...base, kind, id };
  }
  if (id !== undefined && (id.startsWith('ci_') || base.txid !== undefined || event.startsWith('charge.'))) {
    return { ...base, kind: chargeKind(status), id };
  }
  return { ...empty, id, status };
}

/**
 * A notification's kind (summarizeNotification's tag, which --json and replays print in English)
 * as a person reads it, in the run's language.
 */
export function kindInWords(kind: string): string {
  switch (kind) {
    case 'charge paid':
      return sayWebhook('kindChargePaid');
    case 'split part':
      return sayWebhook('kindSplitPart');
    case 'payout completed':
      return sayWebhook('kindPayoutCompleted');
    case 'webhook test':
      return sayWebhook('kindWebhookTest');
    case 'unknown':
      return sayWebhook('kindUnknown');
  }
  // `charge <status>`, `payout <status>`: the status is the sender's word.
  if (kind.startsWith('charge '))
    return sayWebhook('kindChargeStatus', { status: kind.slice('charge '.length) });
  if (kind.startsWith('payout '))
    return sayWebhook('kindPayoutStatus', { status: kind.slice('payout '.length) });
  return kind;
}

/**
 * Why a notification was not verified, in the run's language: verify.ts keeps each reason's words
 * here, the `reason` field (in --json and --log) being English for scripts.
 */
const reasonsInWords = new WeakMap<Verification, () => string>();

/** A verification whose `reason` is `say` in English, and in the run's language for people. */
export function unverifiedBecause(
  say: () => string,
  reasonInEnglish: string,
  status: string | null,
  amount: unknown,
): Verification {
  const verification: Verification = { verified: false, reason: reasonInEnglish, status, amount };
  reasonsInWords.set(verification, say);
  return verification;
}

/** Why a notification was not verified, as a person reads it. */
export function reasonInWords(verification: Verification): string {
  return reasonsInWords.get(verification)?.() ?? verification.reason ?? '';
}

/** Whose notification: the payload's seller_id, else a seller id in the path (`/sellers/1002`). */
export function sellerOf(notification: ReceivedNotification): string | undefined {
  const body = notification.body;
  if (isJsonObject(body) && (typeof body.seller_id === 'number' || typeof body.seller_id === 'string')) {
    return String(body.seller_id);
  }
  return /(?:^|\/)(?:sellers?|s)\/(\d+)(?:\/|$)/.exec(notification.path)?.[1];
}

const pad2 = (value: number): string => String(value).padStart(2, '0');

/** `14:03:07`, local time; the text itself when it is not a date. */
export function clockTime(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return sanitizeForTerminal(iso);
  const date = new Date(time);
  return `${pad2(date.getHours())}:${pad2(date.getMinutes())}:${pad2(date.getSeconds())}`;
}

const clean = (value: unknown): string =>
  value === undefined || value === null ? '' : sanitizeForTerminal(String(value));

/**
 * `R$ 28,80` for centavos of reais; anything else a sender put there (`2880 USD (not reais:
 * amount)` in another currency) as received and flagged (src/domain/money-reading.ts), sanitised.
 */
function money(field: string, value: unknown, currency: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  return sanitizeForTerminal(formatReading(readMoney(field, value, undefined, { currency })));
}

function percent(value: unknown): string {
  // 33.33 is read as written (a WrittenNumber), not a plain number.
  return typeof value === 'number' || value instanceof WrittenNumber ? `${value}%` : '';
}

/**
 * `1002 Parceiro Alfa Ltda  R$ 28,80  30%`, one per split part (sanitised, aligned); within
 * `width` columns, the seller's name cut first, then the whole line.
 */
export function formatSplitLines(
  parts: SplitPart[],
  indent = '    ',
  width = Number.POSITIVE_INFINITY,
  currency?: unknown,
): string[] {
  const who = parts.map((part) => [clean(part.seller_id), clean(part.seller_name)].filter(Boolean).join(' '));
  const amounts = parts.map((part) => money('split.amount', part.amount, currency));
  const percents = parts.map((part) => percent(part.percentage));
  const moneyWidth = Math.max(0, ...amounts.map(displayWidth));
  const percentWidth = Math.max(0, ...percents.map(displayWidth));
  const room = width - indent.length - 2 - moneyWidth - (percentWidth > 0 ? 2 + percentWidth : 0);
  const names = who.map((text) => cutToWidth(text, Math.max(room, 1)));
  const whoWidth = Math.max(0, ...names.map(displayWidth));
  return parts.map((_, index) => {
    const name = names[index]! + ' '.repeat(whoWidth - displayWidth(names[index]!));
    const line = `${indent}${name}  ${amounts[index]!.padStart(moneyWidth)}  ${percents[index]}`.trimEnd();
    return cutToWidth(line, width);
  });
}

/** A body that is not a known notification, on one line: compact JSON or the text, cut at 300. */
function bodyPreview(body: unknown): string {
  const text = typeof body === 'string' ? body : (JSON.stringify(body) ?? '');
  const flat = sanitizeForTerminal(text);
  return flat.length > 300 ? `${flat.slice(0, 299)}…` : flat;
}

/** A text and how it is painted on a colour terminal. */
type Segment = readonly [text: string, paint?: (text: string) => string];

/** The segments painted, when they fit in `width`; else their plain text cut to it (a cut may fall inside a colour). */
function fitSegments(segments: readonly Segment[], width: number): string {
  const plain = segments.map(([text]) => text).join('');
  if (displayWidth(plain) > width) return cutToWidth(plain, width);
  return segments.map(([text, paint]) => (paint ? paint(text) : text)).join('');
}

/** A part of the header line; rank 0 is the most important. */
interface HeadPart {
  text: string;
  paint: (text: string) => string;
  rank: number;
}

const HEAD_RANK = { time: 0, kind: 1, id: 2, status: 3, amount: 4 } as const;
// The kind is padded to this many columns, so that ids line up, when the line has room.
const KIND_COLUMN = 16;

/**
 * The header line in `width` columns, never wrapped: the parts are taken by importance (time,
 * kind, id, status, amount, then external id, seller, method, path, request id), each one that
 * fits kept, the others left out; the kind loses its padding when time to amount do not fit.
 */
function headLine(parts: readonly HeadPart[], width: number): string {
  const length = (chosen: readonly HeadPart[]) =>
    chosen.reduce((sum, part) => sum + displayWidth(part.text), 2 * (chosen.length - 1));
  const essential = parts.filter((part) => part.rank <= HEAD_RANK.amount);
  const kind = parts.find((part) => part.rank === HEAD_RANK.kind);
  if (kind && length(essential) > width) kind.text = kind.text.trimEnd();
  // The time comes first, or nothing does: a line of parts without it would read as another.
  if (displayWidth(parts[0]!.text) > width) return cutToWidth(parts[0]!.text, width);
  const kept = new Set<HeadPart>();
  for (const part of [...parts].sort((left, right) => left.rank - right.rank)) {
    if (length([...kept, part]) <= width) kept.add(part);
  }
  const shown = parts.filter((part) => kept.has(part));
  const separated = shown.flatMap((part, index): Segment[] =>
    index === 0 ? [[part.text, part.paint]] : [['  '], [part.text, part.paint]],
  );
  return fitSegments(separated, width);
}

/**
 * A notification for people: a header line (time, kind, id, status, amount, external id, path
 * when not `/`), one line per split part, and where it was forwarded. Every text from the sender
 * is sanitised. Each line fits in `width` columns (a terminal's; none for a file or a pipe): what
 * does not fit is shortened or left out, never wrapped. Ends with a newline.
 */
export function formatNotification(
  notification: ReceivedNotification,
  colors: Colors,
  width = Number.POSITIVE_INFINITY,
): string {
  const summary = summarizeNotification(notification.body);
  const head: HeadPart[] = [
    { text: clockTime(notification.received_at), paint: colors.gray, rank: HEAD_RANK.time },
    { text: clean(kindInWords(summary.kind)).padEnd(KIND_COLUMN), paint: colors.bold, rank: HEAD_RANK.kind },
  ];
  const unpainted = (text: string) => text;
  const extra = (text: string, rank: number) => head.push({ text, paint: colors.gray, rank });
  if (summary.id !== undefined) head.push({ text: clean(summary.id), paint: unpainted, rank: HEAD_RANK.id });
  if (summary.status !== undefined) {
    const paint = (status: string) => statusColor(status, colors);
    head.push({ text: clean(summary.status), paint, rank: HEAD_RANK.status });
  }
  if (summary.amount !== undefined && summary.amount !== null)
    head.push({
      text: money('amount', summary.amount, summary.currency),
      paint: unpainted,
      rank: HEAD_RANK.amount,
    });
  if (summary.externalId !== undefined) extra(`external_id ${clean(summary.externalId)}`, 5);
  const seller = sellerOf(notification);
  if (seller !== undefined) extra(sayWebhook('sellerOfNotification', { seller: clean(seller) }), 6);
  if (notification.headers['x-request-id']) extra(`req ${clean(notification.headers['x-request-id'])}`, 9);
  if (notification.method !== 'POST') extra(clean(notification.method), 7);
  if (notification.path !== '/') extra(clean(notification.path), 8);
  const lines = [headLine(head, width)];

  const indent = '    ';
  // Columns left for a text that follows `before` on an indented line.
  const room = (before: string) => width - indent.length - displayWidth(before);
  const verification = notification.verification;
  if (verification?.verified) {
    lines.push(
      fitSegments(
        [
          [indent],
          [sayWebhook('verified'), colors.green],
          [' '],
          [sayWebhook('apiSaysTheSame'), colors.gray],
        ],
        width,
      ),
    );
  } else if (verification) {
    const notVerified = sayWebhook('notVerified');
    const reason = cutToWidth(clean(reasonInWords(verification)), room(`${notVerified}: `));
    const alarm = (text: string) => colors.red(colors.bold(text));
    lines.push(fitSegments([[indent], [notVerified, alarm], [': '], [reason, colors.red]], width));
  }
  if (summary.kind === 'unknown') {
    const preview = bodyPreview(notification.body);
    const shown: Segment =
      preview === '' ? [sayWebhook('emptyBody'), colors.gray] : [cutToWidth(preview, room(''))];
    lines.push(fitSegments([[indent], shown], width));
  }
  lines.push(...formatSplitLines(summary.split, indent, width, summary.currency));
  const forwarded = notification.forwarded;
  if (forwarded) {
    const answer =
      forwarded.status === null
        ? forwarded.error
          ? sayWebhook('forwardNoAnswerBecause', { error: clean(forwarded.error) })
          : sayWebhook('forwardNoAnswer')
        : String(forwarded.status);
    const accepted = forwarded.status !== null && forwarded.status >= 200 && forwarded.status < 300;
    // The answer is what matters: the URL is cut first.
    const url = cutToWidth(clean(forwarded.url), room(`→${sayWebhook('forwardedTo', { url: '' })}${answer}`));
    lines.push(
      fitSegments(
        [
          [indent],
          ['→', colors.gray],
          [sayWebhook('forwardedTo', { url })],
          [answer, accepted ? colors.green : colors.red],
        ],
        width,
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}
