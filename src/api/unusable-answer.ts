// How an answer without what the command needs (required-fields.ts) is reported: the client's
// error for it, MalformedResponseError on a request safe to repeat, OutcomeUnknownError on a create.

import { apiFact, ExitCode } from '../errors.js';
import { MalformedResponseError, OutcomeUnknownError } from './errors.js';
import { lookBeforeRetrying } from './requested-resource.js';
import { type Needs, unmetNeed } from './required-fields.js';

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
    throw new MalformedResponseError(
      apiFact('unexpectedAnswerWith', { request: `${method} ${url}`, status, problem }),
      {
        status,
        contentType: 'application/json',
        method,
        url,
        reason: problem,
        exitCode: ExitCode.Network,
      },
    );
  }
  throw new OutcomeUnknownError(
    apiFact('outcomeUnknownUnusable', { request: `${method} ${url}`, status, problem }),
    { method, url, status, code: 'unexpected_shape', nextStep: lookBeforeRetrying(context.path) },
  );
}
