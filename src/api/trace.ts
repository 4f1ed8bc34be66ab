// What --debug prints of each exchange: the headers that matter and bodies cut to a size a
// terminal can take (secrets are removed before: redact.ts).
import { oneLine } from './errors.js';

const DEBUG_BODY_MAX = 10_000;

export function formatHeaders(headers: Record<string, string>): string {
  const shown = ['authorization', 'content-type'];
  return shown
    .filter((name) => headers[name] !== undefined)
    .map((name) => `${name}: ${headers[name]}`)
    .join(' ');
}

export function formatRateHeaders(headers: Record<string, string>): string {
  const names = [
    'content-type',
    'x-ratelimit-limit',
    'x-ratelimit-remaining',
    'x-ratelimit-reset',
    'retry-after',
    'x-request-id',
    'request-id',
  ];
  const parts = names
    .filter((name) => headers[name] !== undefined)
    .map((name) => `${name}=${oneLine(headers[name]!, 80)}`);
  return parts.length ? ` ${parts.join(' ')}` : '';
}

export function truncate(text: string): string {
  const flat = text.replace(/[\r\n]+/g, ' ');
  return flat.length > DEBUG_BODY_MAX
    ? `${flat.slice(0, DEBUG_BODY_MAX)}…(+${flat.length - DEBUG_BODY_MAX} chars)`
    : flat;
}
