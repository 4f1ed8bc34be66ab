// What a notification is and how it reads, for `webhook listen` and the demo. Pure: no IO.
//
// SPEC.md names no event kinds, so the kind is derived from the payload's shape (an `event`
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

import { isStatus } from '../domain/status.js';
import { isJsonObject, WrittenNumber } from '../json.js';
import type { Colors } from '../output/colors.js';
import { statusColor } from '../output/colors.js';
import { formatAmount } from '../output/format.js';
import { sanitizeForTerminal } from '../output/sanitize.js';
import type { Verification } from './verify.js';

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

/** `R$ 28,80` for centavos; anything else a sender put there, as sanitised text. */
const money = (value: unknown): string => sanitizeForTerminal(formatAmount(value));

function percent(value: unknown): string {
  // 33.33 is read as written (a WrittenNumber), not a plain number.
  return typeof value === 'number' || value instanceof WrittenNumber ? `${value}%` : '';
}

/** `1002 Parceiro Alfa Ltda  R$ 28,80  30%`, one per split part (sanitised, aligned). */
export function formatSplitLines(parts: SplitPart[], indent = '    '): string[] {
  const who = parts.map((part) => [clean(part.seller_id), clean(part.seller_name)].filter(Boolean).join(' '));
  const amounts = parts.map((part) => money(part.amount));
  const whoWidth = Math.max(0, ...who.map((text) => text.length));
  const moneyWidth = Math.max(0, ...amounts.map((text) => text.length));
  return parts.map((part, index) =>
    `${indent}${who[index]!.padEnd(whoWidth)}  ${amounts[index]!.padStart(moneyWidth)}  ${percent(part.percentage)}`.trimEnd(),
  );
}

/** A body that is not a known notification, on one line: compact JSON or the text, cut at 300. */
function bodyPreview(body: unknown): string {
  const text = typeof body === 'string' ? body : (JSON.stringify(body) ?? '');
  const flat = sanitizeForTerminal(text);
  return flat.length > 300 ? `${flat.slice(0, 299)}…` : flat;
}

/**
 * A notification for people: a header line (time, kind, id, status, amount, external id, path
 * when not `/`), one line per split part, and where it was forwarded. Every text from the sender
 * is sanitised. Ends with a newline.
 */
export function formatNotification(notification: ReceivedNotification, colors: Colors): string {
  const summary = summarizeNotification(notification.body);
  const head = [
    colors.gray(clockTime(notification.received_at)),
    colors.bold(clean(summary.kind).padEnd(16)),
  ];
  if (summary.id !== undefined) head.push(clean(summary.id));
  if (summary.status !== undefined) head.push(statusColor(clean(summary.status), colors));
  if (summary.amount !== undefined && summary.amount !== null) head.push(money(summary.amount));
  if (summary.externalId !== undefined) head.push(colors.gray(`external_id ${clean(summary.externalId)}`));
  const seller = sellerOf(notification);
  if (seller !== undefined) head.push(colors.gray(`seller ${clean(seller)}`));
  if (notification.headers['x-request-id'])
    head.push(colors.gray(`req ${clean(notification.headers['x-request-id'])}`));
  if (notification.method !== 'POST') head.push(colors.gray(clean(notification.method)));
  if (notification.path !== '/') head.push(colors.gray(clean(notification.path)));
  const lines = [head.join('  ')];
  const verification = notification.verification;
  if (verification) {
    lines.push(
      verification.verified
        ? `    ${colors.green('✓ verified')} ${colors.gray('(the API says the same)')}`
        : `    ${colors.red(colors.bold('✗ NOT VERIFIED'))}: ${colors.red(clean(verification.reason))}`,
    );
  }
  if (summary.kind === 'unknown') {
    const preview = bodyPreview(notification.body);
    lines.push(`    ${preview === '' ? colors.gray('(empty body)') : preview}`);
  }
  lines.push(...formatSplitLines(summary.split));
  const forwarded = notification.forwarded;
  if (forwarded) {
    const answer =
      forwarded.status === null
        ? colors.red(`no answer${forwarded.error ? ` (${clean(forwarded.error)})` : ''}`)
        : forwarded.status >= 200 && forwarded.status < 300
          ? colors.green(String(forwarded.status))
          : colors.red(String(forwarded.status));
    lines.push(`    ${colors.gray('→')} forwarded to ${clean(forwarded.url)}: ${answer}`);
  }
  return `${lines.join('\n')}\n`;
}
