// Validation of answer data against the zod schemas, with the client's error semantics.

import type { z } from 'zod';
import { ExitCode } from '../errors.js';
import { MalformedResponseError, OutcomeUnknownError, oneLine } from './errors.js';

/** Which command finds out what happened, for the messages of outcome-unknown errors. */
export function checkCommand(path: string): string {
  const p = path.split('?', 1)[0] ?? '';
  const id = /\/(?:charges|payouts|webhooks)\/([^/]+)/.exec(p)?.[1];
  if (/\/charges\/[^/]+\/(?:refund|cancel)/.test(p) && id)
    return `\`paygate charge get ${decodeURIComponent(id)}\``;
  if (/\/charges(?:\/|$)/.test(p)) return '`paygate charge list` (or `charge find --external-id`)';
  if (/\/payouts(?:\/|$)/.test(p)) return '`paygate payout list` (or `payout reconcile --key K`)';
  if (/\/webhooks(?:\/|$)/.test(p)) return '`paygate webhook list`';
  if (/\/tokens\//.test(p)) return 'nothing to check (a card token can be created again)';
  return 'a GET of the resource';
}

/** The first problem of a zod validation, for one-line messages: `data.pix.emv: expected string`. */
function firstIssue(error: z.ZodError, root: string): string {
  const issue = error.issues[0];
  if (!issue) return 'unexpected shape';
  const path = issue.path
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
    .reduce((acc: string, part) => acc + part, root);
  return `${path}: ${oneLine(issue.message, 100)}`;
}

export interface ShapeContext {
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
 * Validates answer data with a schema. A mismatch on a safe request is MalformedResponseError
 * (exit 6); on an unsafe one the gateway did accept the request (2xx) but the answer cannot be
 * used, so it is OutcomeUnknownError (exit 9): look before repeating.
 */
export function checkShape(schema: z.ZodType, value: unknown, context: ShapeContext): void {
  const result = schema.safeParse(value);
  if (result.success) return;
  const problem = firstIssue(result.error, context.root);
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
