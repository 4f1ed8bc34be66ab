// `paygate webhook replay FILE --to URL [--id ID]`: sends the notifications of a `webhook listen
// --log` file to a local handler again, each with its original method, headers and body, and
// reports what the handler answered. For debugging a handler: nothing goes to the gateway.
// Exit 0 when every one was answered 2xx; 3 when a handler refused one; 6 when one got no answer.
import { Poster } from '../../api/poster.js';
import type { Context } from '../../context.js';
import { argumentName, ExitCode, PaygateError, UsageError } from '../../errors.js';
import { formatJson } from '../../output/render.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { sayWebhook } from '../../text/en/webhook.js';
import { readNotificationLog } from '../../webhook/log.js';
import { kindInWords, summarizeNotification } from '../../webhook/notification.js';
import { parseNotificationBody, withoutCredentials } from '../../webhook/receiver.js';
import { readArguments, readFlags } from '../options.js';
import { readInput } from '../shared/read-input.js';
import type { CommandHandler } from '../types.js';
import { WEBHOOK_REPLAY_ARGUMENTS, WEBHOOK_REPLAY_FLAGS } from './flags.js';
import { refuseSpreadsheet } from './no-spreadsheet.js';

const NOTIFICATION_LOG_LIMIT_BYTES = 256 * 1024 * 1024;

/** Headers that belong to one connection, not to the notification. */
const HOP_BY_HOP = new Set([
  'host',
  'content-length',
  'connection',
  'transfer-encoding',
  'keep-alive',
  'expect',
]);
const REPLAY_TIMEOUT_MS = 10_000;

export interface WebhookReplayOptions {
  /** The `webhook listen --log` file (`-` for stdin), read in run. */
  file: string;
  /** The handler's URL (http or https). */
  to: string;
  /** Only the notifications of these charges or payouts; undefined: all. */
  ids: string[] | undefined;
}

export const webhookReplay: CommandHandler<WebhookReplayOptions> = {
  parse: (input) => {
    const options = readFlags(WEBHOOK_REPLAY_FLAGS, input);
    if (options.to === undefined) throw new UsageError(sayWebhook('toRequired'), { field: '--to' });
    const { file } = readArguments(WEBHOOK_REPLAY_ARGUMENTS, input);
    return { file, to: options.to, ids: options.id };
  },
  run: replay,
};

async function replay({ file, to, ids }: WebhookReplayOptions, context: Context): Promise<number> {
  refuseSpreadsheet(context, 'webhook replay');
  const chosen = await chosenEntries(file, ids, context);
  const poster = new Poster(REPLAY_TIMEOUT_MS);
  let refused = 0;
  let unanswered = 0;
  try {
    for (const entry of chosen) {
      const result = await replayOne(poster, to, entry);
      if (result.status === null) unanswered++;
      else if (result.status < 200 || result.status >= 300) refused++;
      writeResult(context, result);
    }
  } finally {
    poster.close();
  }
  context.log.info(
    sayWebhook('replayed', {
      count: chosen.length,
      url: sanitizeForTerminal(withoutCredentials(to)),
      accepted: chosen.length - refused - unanswered,
      refused,
      unanswered,
    }),
  );
  if (unanswered > 0)
    throw new PaygateError(
      sayWebhook('replayUnanswered', { count: unanswered, url: withoutCredentials(to) }),
      ExitCode.Network,
    );
  if (refused > 0)
    throw new PaygateError(sayWebhook('replayRefused', { count: refused }), ExitCode.ApiRefused);
  return 0;
}

type LogEntry = ReturnType<typeof readNotificationLog>['entries'][number];

/** The log's whole entries (broken lines said and skipped), those of the --id given when any. */
async function chosenEntries(file: string, ids: string[] | undefined, context: Context): Promise<LogEntry[]> {
  // A notification log grows with every delivery: bounded far above any real one.
  const text = await readInput(file, context, argumentName('file'), NOTIFICATION_LOG_LIMIT_BYTES);
  const { entries, skipped } = readNotificationLog(text);
  if (skipped.length > 0)
    context.log.warn(sayWebhook('skippedLines', { file, lines: skipped.join(', '), count: skipped.length }));
  const wanted = ids ? new Set(ids) : undefined;
  const chosen = entries.filter((entry) => {
    if (!wanted) return true;
    const summary = summarizeNotification(parseNotificationBody(entry.body));
    return summary.id !== undefined && wanted.has(summary.id);
  });
  if (chosen.length === 0) {
    throw new UsageError(sayWebhook(wanted ? 'nothingToReplayWithIds' : 'nothingToReplay', { file }), {
      field: wanted ? '--id' : 'file',
    });
  }
  return chosen;
}

interface ReplayResult {
  line: number;
  id: string | null;
  kind: string;
  status: number | null;
  ms: number;
  error: string | null;
}

/** Sends one entry as it was received (its method, headers but hop-by-hop ones, body bytes). */
async function replayOne(poster: Poster, to: string, entry: LogEntry): Promise<ReplayResult> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(entry.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name.toLowerCase())) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const started = Date.now();
  let status: number | null = null;
  let error: string | null = null;
  try {
    status = await poster.post(to, headers, Buffer.from(entry.body, 'utf8'), entry.method);
  } catch (caught) {
    error = caught instanceof Error ? ((caught as { code?: string }).code ?? caught.message) : String(caught);
  }
  const summary = summarizeNotification(parseNotificationBody(entry.body));
  return {
    line: entry.line,
    id: summary.id ?? null,
    kind: summary.kind,
    status,
    ms: Date.now() - started,
    error,
  };
}

function writeResult(context: Context, result: ReplayResult): void {
  if (context.output === 'json' || context.output === 'ndjson') {
    context.io.stdout.write(formatJson(result, 'ndjson'));
    return;
  }
  const { status, error } = result;
  const answer =
    status === null
      ? context.colors.red(sayWebhook('replayNoAnswer', { error: sanitizeForTerminal(error ?? '') }))
      : status < 300
        ? context.colors.green(String(status))
        : context.colors.red(String(status));
  context.io.stdout.write(
    sayWebhook('replayLine', {
      line: result.line,
      kind: sanitizeForTerminal(kindInWords(result.kind)),
      id: sanitizeForTerminal(result.id ?? ''),
      answer,
      ms: result.ms,
    }),
  );
}
