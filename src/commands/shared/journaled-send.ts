// What payout create and charge create share when they journal a create (docs/architecture.md, the journal): what a
// failed POST means for the key. Only a failure that proves nothing was made lets a rerun send
// again: the request never left (NetworkError), or the gateway refused it with a 4xx envelope.
// Anything else after `sent` (a 5xx, a proxy's page, a lost answer, an interrupt) is `unknown`:
// exit 9, and the reconcile command settles it.

import { ApiError, NetworkError } from '../../api/errors.js';
import { DEFAULT_OUTCOME_WINDOW_MS, type JournalRun, type JournalStore } from '../../config/journal.js';
import type { JournalScope } from '../../config/journal-account.js';
import { openAccountJournal } from '../../config/journal-scope.js';
import { journalUrlOf } from '../../config/journal-url.js';
import { type Context, DEFAULT_REQUEST_TIMEOUT } from '../../context.js';
import { parseDuration } from '../../domain/duration.js';
import { idOf, journaled } from '../../domain/resource-fields.js';
import { ExitCode, PaygateError } from '../../errors.js';
import { errorMessage } from '../../output/error-text.js';
import { sayShared } from '../../text/en/shared.js';

/** Records the failure of the journaled POST and returns the error to throw. */
export async function recordSendFailure(
  run: JournalRun,
  error: unknown,
  reconcileCommand: string,
  what: 'payout' | 'charge',
): Promise<unknown> {
  const summary = {
    message: errorMessage(error),
    ...(error instanceof PaygateError && error.details.type ? { type: error.details.type } : {}),
    ...(error instanceof PaygateError && error.details.code ? { code: error.details.code } : {}),
  };
  try {
    if (error instanceof NetworkError) {
      // The client raises NetworkError on a POST only when the request never left.
      await run.markFailedBeforeSend(summary);
      return error;
    }
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      // The gateway refused it in its 4xx envelope: nothing was made. A 5xx, even in the
      // envelope, may come after it was made: unknown.
      await run.markRejected(summary);
      return error;
    }
    await run.markUnknown(summary);
  } catch (journalError) {
    return new PaygateError(
      sayShared('journalNotRecorded', { message: summary.message, problem: (journalError as Error).message }),
      ExitCode.OutcomeUnknown,
      { type: 'outcome_unknown', hint: sayShared('runReconcile', { command: reconcileCommand }) },
    );
  }
  // Interrupted or terminated after `sent`: the outcome is unknown too (exit 9, never 130).
  return new PaygateError(summary.message, ExitCode.OutcomeUnknown, {
    ...(error instanceof PaygateError ? error.details : {}),
    type: error instanceof PaygateError ? (error.details.type ?? 'outcome_unknown') : 'outcome_unknown',
    hint:
      what === 'charge'
        ? sayShared('chargeMayBeCreated', { command: reconcileCommand })
        : sayShared('payoutMayBeCreated', { command: reconcileCommand }),
  });
}

/**
 * Records the answer of a journaled create. When the journal cannot take it (a read-only or full
 * disk after the POST), the resource exists but the key's entry still says `sent`: returns the
 * error to throw once the resource is printed (exit 9, so that cron notices and reconciles; a
 * rerun already refuses, so nothing is made twice).
 */
export async function recordCreated(
  run: JournalRun,
  created: Record<string, unknown> & { status?: string },
  reconcileCommand: string,
  what: 'payout' | 'charge',
): Promise<PaygateError | undefined> {
  try {
    await run.markDone(journaled(created));
    return undefined;
  } catch (error) {
    const values = { id: idOf(created), problem: (error as Error).message };
    return new PaygateError(
      what === 'charge'
        ? sayShared('chargeCreatedUnrecorded', values)
        : sayShared('payoutCreatedUnrecorded', values),
      ExitCode.OutcomeUnknown,
      {
        type: 'journal_not_recorded',
        code: 'journal_write_failed',
        hint: sayShared('runReconcile', { command: reconcileCommand }),
      },
    );
  }
}

/** How long reconcile must wait before concluding that a lost request created nothing. */
export function outcomeWindowMs(context: Context): number {
  let requestTimeout = 30_000;
  try {
    requestTimeout = parseDuration(
      context.globals.requestTimeout ?? DEFAULT_REQUEST_TIMEOUT,
      '--request-timeout',
    );
  } catch {
    // The client reports a bad --request-timeout itself.
  }
  return Math.max(DEFAULT_OUTCOME_WINDOW_MS, 2 * requestTimeout);
}

/**
 * gateway − local clock as the gateway's latest answer to this run showed it (its look-up of the
 * key, the balance): recorded with the intent and `sent`, so that a reconcile on another host
 * places the run's times on the gateway's clock. Undefined when no answer had a `Date`.
 */
export async function clockSkewSeen(context: Context): Promise<number | undefined> {
  return (await context.client()).gatewayClock?.skewMs;
}

/** The journal (payouts or charges) of this profile's account on this gateway (journal-scope.ts). */
export async function accountJournal(context: Context, kind: 'payout' | 'charge'): Promise<JournalStore> {
  return (await keyedJournal(context, kind)).journal;
}

/** The account's journal and its scope (whose digest with a key is the key's idempotency key). */
export async function keyedJournal(
  context: Context,
  kind: 'payout' | 'charge',
): Promise<{ journal: JournalStore; scope: JournalScope }> {
  return openAccountJournal({
    configDir: context.config.dir,
    client: await context.client(),
    secretKey: context.profile().secretKey ?? '',
    kind,
    journalUrl: journalUrlOf(context.env, (name) => context.setting(name)),
    signal: context.signal,
    now: () => context.clock.now(),
    sleep: context.sleep,
    debug: (line) => context.log.debug(line),
  });
}
