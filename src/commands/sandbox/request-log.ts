// `sandbox log [--follow]`: the running sandbox's requests and notification attempts, one line
// each, read from GET /_sandbox/log (src/sandbox/activity-log.ts keeps the newest 1000).
import { errorFromEnvelope } from '../../api/errors.js';
import type { Context } from '../../context.js';
import { ExitCode } from '../../errors.js';
import { formatClockTime } from '../../output/format.js';
import { formatJson } from '../../output/render.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { lineForPeople, type SandboxLogEvent } from '../../sandbox/activity-log.js';
import { saySandboxCommand } from '../../text/en/sandbox-command.js';
import { NO_ARGUMENTS, readArguments, readFlags } from '../options.js';
import type { CommandHandler } from '../types.js';
import { SANDBOX_LOG_FLAGS } from './flags.js';
import { sandboxNotRunning } from './not-running.js';
import { sandboxUrl } from './sandbox-url.js';

/** How often --follow asks for new events. */
const FOLLOW_INTERVAL_MS = 1000;

/**
 * `13:31:02 GMT-3  POST /v1/charges → 201  seller 1001` (the time of the sandbox clock) for people
 * (a table, the window of `sandbox start`): local time as tables show it, and in the run's
 * language; else `16:31:02  POST …`, UTC and as the sandbox wrote it (-o plain, for scripts).
 */
export function logLine(event: SandboxLogEvent, forPeople = false): string {
  if (!forPeople) return `${event.at.slice(11, 19)}  ${sanitizeForTerminal(event.line)}`;
  return `${sanitizeForTerminal(formatClockTime(event.at))}  ${sanitizeForTerminal(lineForPeople(event))}`;
}

async function eventsAfter(url: string, seq: number, signal: AbortSignal): Promise<SandboxLogEvent[]> {
  const address = `${url}/_sandbox/log?after=${seq}`;
  let response: Response;
  try {
    response = await fetch(address, { signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw sandboxNotRunning(url);
  }
  const answer = (await response.json().catch(() => null)) as {
    data?: SandboxLogEvent[];
    error?: Record<string, unknown>;
  } | null;
  if (!response.ok || !Array.isArray(answer?.data)) {
    throw errorFromEnvelope(response.status, answer?.error ?? {}, { method: 'GET', url: address });
  }
  return answer.data;
}

export interface SandboxLogOptions {
  /** Keep printing new events until Ctrl-C. */
  follow: boolean;
  /** --sandbox-url; undefined: the profile's gateway, else the default. */
  sandboxUrl: string | undefined;
}

export const sandboxLog: CommandHandler<SandboxLogOptions> = {
  parse: (input) => {
    readArguments(NO_ARGUMENTS, input);
    const flags = readFlags(SANDBOX_LOG_FLAGS, input);
    return { follow: flags.follow === true, sandboxUrl: flags.sandboxUrl };
  },
  run: writeLog,
};

async function writeLog(options: SandboxLogOptions, context: Context): Promise<number> {
  const url = sandboxUrl(options.sandboxUrl, context);
  const { follow } = options;
  const write = (events: SandboxLogEvent[]) => {
    if (context.output === 'table' || context.output === 'plain') {
      // Plain is for scripts: the sandbox's own line in every language.
      for (const event of events) context.io.stdout.write(`${logLine(event, context.output === 'table')}\n`);
    } else {
      for (const event of events) context.io.stdout.write(formatJson(event, 'ndjson'));
    }
  };
  let events = await eventsAfter(url, 0, context.signal);
  if (!follow) {
    if (context.output === 'json') context.io.stdout.write(formatJson(events, 'json'));
    else write(events);
    if (events.length === 0) context.log.info(saySandboxCommand('nothingYet'));
    return 0;
  }
  // Following: one event a line in every mode (ndjson for --json), until Ctrl-C.
  let last = 0;
  try {
    for (;;) {
      write(events);
      last = events.at(-1)?.seq ?? last;
      await context.sleep(FOLLOW_INTERVAL_MS, context.signal);
      events = await eventsAfter(url, last, context.signal);
    }
  } catch (error) {
    // Ctrl-C is how a follow ends: nothing to report.
    if (context.signal.aborted) return ExitCode.Interrupted;
    throw error;
  }
}
