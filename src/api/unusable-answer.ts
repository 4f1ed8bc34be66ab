// How an answer without what the command needs (required-fields.ts) is reported: the client's
// error for it, MalformedResponseError on a request safe to repeat, OutcomeUnknownError on a create.

import { ExitCode } from '../errors.js';
import { MalformedResponseError, OutcomeUnknownError } from './errors.js';
import { type Needs, unmetNeed } from './required-fields.js';

/** Which command finds out what happened, for the messages of outcome-unknown errors. */
export function checkCommand(path: string): string {
  const p = path.split('?', 1)[0] ?? '';
  const id = /\/(?:charges|payouts|webhooks)\/([^/]+)/.exec(p)?.[1];
  if (/\/charges\/[^/]+\/(?:refund|cancel)/.test(p) && id)
    return `\`paygate charge get ${decodeURIComponent(id)}\``;
  if (/\/charges(?:\/|$)/.test(p)) return '`paygate charge list` (or `charge find --external-id`)';
  // A keyed run names its own `payout reconcile --key …` (journaled-send.ts); this is the rest.
  if (/\/payouts(?:\/|$)/.test(p)) return '`paygate payout list`';
  if (/\/webhooks(?:\/|$)/.test(p)) return '`paygate webhook list`';
  if (/\/tokens\//.test(p)) return 'nothing to check (a card token can be created again)';
  return 'a GET of the resource';
}

export interface AnswerContext {
  status: number;
  method: string;
  url: string;
  /** Whether the request was safe to repeat (else a mismatch is outcome-unknown, exit 9). */
  safe: boolean;
  path: string;
  /** Name of the value in messages: `data`, `data[3]`. */
  root: string;
}

/**
 * Checks answer data against what the command needs. A shortfall on a safe request is MalformedResponseError
 * (exit 6); on an unsafe one the gateway did accept the request (2xx) but the answer cannot be
 * used, so it is OutcomeUnknownError (exit 9): look before repeating.
 */
export function requireFields(needs: Needs, value: unknown, context: AnswerContext): void {
  const problem = unmetNeed(needs, value, context.root);
  if (problem === undefined) return;
  const { status, method, url } = context;
  if (context.safe) {
    throw new MalformedResponseError(`${method} ${url}: unexpected answer: HTTP ${status} with ${problem}`, {
      status,
      contentType: 'application/json',
      method,
      url,
      reason: problem,
      exitCode: ExitCode.Network,
    });
  }
  throw new OutcomeUnknownError(
    `${method} ${url}: the gateway answered HTTP ${status} but its data is not usable (${problem}); ` +
      `the request was probably processed. Nothing was retried: check with ${checkCommand(context.path)} before retrying.`,
    { method, url, status, code: 'unexpected_shape' },
  );
}
