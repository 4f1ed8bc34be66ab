import { DEFAULT_SETTINGS } from '../../config/settings.js';
import type { Context, Settings } from '../../context.js';
import { parseWaitDuration } from '../../domain/duration.js';
import { declaredMoneyUnit } from '../../domain/money-reading.js';
import { idOf, readAmount } from '../../domain/resource-fields.js';
import { NO_STATUS_WORDS, type StatusWords } from '../../domain/status.js';
import { InterruptedError, PaygateError, StillPendingError, UsageError } from '../../errors.js';
import { formatReading, receivedText } from '../../output/format.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { createSpinner } from '../../output/spinner.js';
import { statusText } from '../../output/status-text.js';
import { durationText } from '../../text/duration.js';
import { sayShared } from '../../text/en/shared.js';

/** 30 requests a minute at most, whatever --interval says (a watch stays far inside the gateway's rate limit). */
export const MIN_WATCH_INTERVAL_MS = 2_000;

/** --interval and --timeout of every watch and wait (charge watch, payout watch, --watch, --wait). */
export interface WatchFlags {
  interval?: string;
  timeout?: string;
}

export interface WatchTiming {
  intervalMs: number;
  /** Undefined: the command's own deadline (a charge: its PIX expiry + 1 minute). */
  timeoutMs: number | undefined;
}

/**
 * --interval (else the watch.interval setting, else 2s) and --timeout (else `defaultTimeout`),
 * checked before any request is sent.
 */
export function watchTiming(settings: Settings, flags: WatchFlags, defaultTimeout?: string): WatchTiming {
  const interval =
    flags.interval ?? String(settings.setting('watch.interval') ?? DEFAULT_SETTINGS['watch.interval']);
  const intervalMs = parseWaitDuration(
    interval,
    flags.interval !== undefined ? '--interval' : 'watch.interval',
  );
  const timeout = flags.timeout ?? defaultTimeout;
  if (timeout === undefined) return { intervalMs, timeoutMs: undefined };
  const timeoutMs = parseWaitDuration(timeout, '--timeout');
  if (timeoutMs <= 0) throw new UsageError(sayShared('timeoutAboveZero'), { field: '--timeout' });
  return { intervalMs, timeoutMs };
}

export interface WatchOptions<T> {
  context: Context;
  /** Reads the resource once (a GET: the client retries transient failures itself). */
  fetch: () => Promise<T>;
  status: (resource: T) => string;
  /** Whether polling goes on for this status (pending-like). Unknown statuses are final. */
  isInProgress: (status: string) => boolean;
  intervalMs: number;
  /** Absolute deadline (ms since epoch on context.clock). */
  deadline: number;
  /** Spinner text for the current state, e.g. "pending · expires in 29m 10s". */
  describe: (resource: T) => string;
  /** Printed on Ctrl-C and on timeout: how to pick the watch up again. */
  resumeCommand: string;
  /** Called with each fetched resource (e.g. to print NDJSON status changes). */
  onUpdate?: (resource: T, changed: boolean) => void;
  /**
   * What Ctrl-C or SIGTERM means here: by default a watch that changed nothing; a wait after a
   * create says what was made instead.
   */
  interruptedMessage?: string;
}

/**
 * Polls until the resource leaves its in-progress statuses and returns it. A failed poll that a
 * retry cannot fix ends the watch only if it is not transient (network trouble waits and tries
 * again). Throws StillPendingError at the deadline and InterruptedError on Ctrl-C.
 */
export async function watchUntilFinal<T>(options: WatchOptions<T>): Promise<T> {
  const { context } = options;
  const intervalMs = Math.max(options.intervalMs, MIN_WATCH_INTERVAL_MS);
  if (options.intervalMs < MIN_WATCH_INTERVAL_MS) {
    context.log.warn(sayShared('intervalRaised', { seconds: MIN_WATCH_INTERVAL_MS / 1000 }));
  }
  const spinner = createSpinner(context.io.stderr, {
    enabled: context.io.stderrIsTTY && !context.globals.quiet,
    onChange: context.globals.quiet ? 'silent' : 'line',
  });
  let lastStatus: string | undefined;
  let last: T | undefined;
  // Since when the gateway has not answered (the first failed poll after a good one), and why.
  let trouble: { since: number; message: string } | undefined;
  try {
    for (;;) {
      if (context.signal.aborted) throw interrupted(options);
      try {
        last = await options.fetch();
        trouble = undefined;
        // A status that is not text (an object) is compared and shown as its JSON.
        const status = receivedText(options.status(last));
        const changed = status !== lastStatus;
        lastStatus = status;
        options.onUpdate?.(last, changed);
        if (!options.isInProgress(status)) return last;
        spinner.update(options.describe(last));
      } catch (error) {
        if (context.signal.aborted) throw interrupted(options);
        if (!isTransient(error)) throw error;
        const message = (error as Error).message;
        trouble = { since: trouble?.since ?? context.clock.now(), message };
        spinner.update(
          sayShared('connectionTroubleLine', {
            status: lastStatus === undefined ? sayShared('waiting') : statusText(lastStatus),
            message,
          }),
        );
      }
      const remaining = options.deadline - context.clock.now();
      if (remaining <= 0) {
        // The status in the run's language (`pendente`); in English the gateway's word, as before.
        const status = lastStatus === undefined ? sayShared('pending') : statusText(lastStatus);
        const message =
          trouble === undefined
            ? sayShared('stillPending', { status })
            : sayShared('stillPendingSilent', {
                status,
                duration: durationText(context.clock.now() - trouble.since),
                message: trouble.message,
              });
        throw new StillPendingError(message, {
          hint: sayShared('resumeWith', { command: options.resumeCommand }),
        });
      }
      try {
        await context.sleep(Math.min(intervalMs, remaining), context.signal);
      } catch {
        throw interrupted(options);
      }
    }
  } finally {
    spinner.stop();
  }
}

function interrupted(options: { resumeCommand: string; interruptedMessage?: string }): InterruptedError {
  return new InterruptedError(
    options.interruptedMessage ?? sayShared('watchInterrupted'),
    sayShared('resumeWith', { command: options.resumeCommand }),
  );
}

/** Network trouble, 5xx and rate limits pass; a 4xx (not found, auth) ends the watch. */
function isTransient(error: unknown): boolean {
  return error instanceof PaygateError && (error.exitCode === 5 || error.exitCode === 6);
}

/**
 * The last line of a watch or wait that ended well, on stderr in every output mode (a cron log
 * ends on the final status, not on the last progress line). An ending that is not a success is
 * said once, by its error (exit 7, 8, 130).
 */
export function writeSuccessLine(
  context: Context,
  noun: 'charge' | 'payout',
  resource: { status: string; amount?: unknown },
  words: StatusWords = NO_STATUS_WORDS,
): void {
  const status = sanitizeForTerminal(statusText(resource.status, words));
  const shown = {
    id: sanitizeForTerminal(idOf(resource)),
    amount: sanitizeForTerminal(formatReading(readAmount(resource, declaredMoneyUnit(context)))),
  };
  context.log.info(
    `${context.errorColors.green(`✓ ${status}`)}${noun === 'charge' ? sayShared('chargeSucceeded', shown) : sayShared('payoutSucceeded', shown)}`,
  );
}
