// `paygate webhook listen`: a local receiver (src/webhook/receiver.ts) that prints each notification as it
// arrives — for people one block per notification (src/webhook/notification.ts), with --json or -o ndjson
// one JSON object a line — until Ctrl-C, then a count on stderr and exit 0.
// --json means one object a line here too: a stream has no end at which to close an array.

import type { Client } from '../../api/client.js';
import { UntrustedPathError } from '../../config/trusted-path.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { formatJson } from '../../output/render.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { wrapWidth } from '../../output/wrap.js';
import { sayWebhook } from '../../text/en/webhook.js';
import { NotificationLog } from '../../webhook/log.js';
import {
  formatNotification,
  type ReceivedNotification,
  summarizeNotification,
} from '../../webhook/notification.js';
import {
  type Receiver,
  type ReceiverStats,
  type RejectedRequest,
  startReceiver,
  withoutCredentials,
} from '../../webhook/receiver.js';
import { verifyNotification } from '../../webhook/verify.js';
import { NO_ARGUMENTS, readArguments, readFlags } from '../options.js';
import type { CommandHandler, FlagValues } from '../types.js';
import { WEBHOOK_LISTEN_FLAGS } from './flags.js';
import { refuseSpreadsheet } from './no-spreadsheet.js';

/** Whether notifications print as JSON lines (--json, -o json, -o ndjson). */
export function printsJsonLines(context: Pick<Context, 'output'>): boolean {
  return context.output === 'json' || context.output === 'ndjson';
}

/** One notification on stdout, in the context's format. */
export function writeNotification(context: Context, notification: ReceivedNotification): void {
  context.io.stdout.write(
    printsJsonLines(context)
      ? formatJson(notification, 'ndjson')
      : // On a terminal each line fits its width (read each time: it may have been resized).
        formatNotification(notification, context.colors, wrapWidth(context.io, context.io.stdoutIsTTY)),
  );
}

/** `Stopped: 3 notifications received, 2 forwarded, 1 not accepted by the target, 1 rejected.` */
export function summaryLine(stats: ReceiverStats, forwarding: boolean): string {
  const parts = [sayWebhook('notificationsReceived', { count: stats.received })];
  if (forwarding) {
    parts.push(sayWebhook('forwardedCount', { count: stats.forwarded }));
    if (stats.forwardFailed > 0)
      parts.push(sayWebhook('notAcceptedByTargetCount', { count: stats.forwardFailed }));
  }
  if (stats.rejected > 0) parts.push(sayWebhook('rejectedCount', { count: stats.rejected }));
  return sayWebhook('stopped', { counts: parts.join(', ') });
}

/** Why the receiver refused a request, in words (the sender got the English reason). */
function refusalReason(rejected: RejectedRequest): string {
  if (rejected.status === 405)
    return sayWebhook('methodNotAllowed', { method: sanitizeForTerminal(rejected.method) });
  if (rejected.status === 413 && rejected.maxBodyBytes !== undefined)
    return sayWebhook('bodyTooLarge', { bytes: rejected.maxBodyBytes });
  return rejected.reason;
}

function warnRejected(context: Context, rejected: RejectedRequest): void {
  context.log.warn(
    sayWebhook('answeredRefusal', {
      status: rejected.status,
      method: sanitizeForTerminal(rejected.method),
      path: sanitizeForTerminal(rejected.path),
      reason: refusalReason(rejected),
    }),
  );
}

function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

export type WebhookListenOptions = FlagValues<typeof WEBHOOK_LISTEN_FLAGS>;

export const webhookListen: CommandHandler<WebhookListenOptions> = {
  parse: (input) => {
    readArguments(NO_ARGUMENTS, input);
    const options = readFlags(WEBHOOK_LISTEN_FLAGS, input);
    if (options.forwardVerifiedOnly && (!options.verify || !options.forwardTo)) {
      throw new UsageError(sayWebhook('forwardVerifiedOnlyNeeds'), {
        field: '--forward-verified-only',
      });
    }
    return options;
  },
  run: receive,
};

async function receive(options: WebhookListenOptions, context: Context): Promise<number> {
  refuseSpreadsheet(context, 'webhook listen');
  // The API client is made before the first notification: a missing key is said at once.
  const client = options.verify ? await context.client() : undefined;
  const log = options.log !== undefined ? openLog(options.log) : undefined;
  const receiver = await listen(options, context, inspector(context, client, log, options.log)).catch(
    (error: unknown) => {
      log?.close();
      throw error;
    },
  );
  // Always shown, even with --quiet: with --port 0 it is the only way to learn the URL.
  context.io.stderr.write(
    options.forwardTo
      ? sayWebhook('listeningAndForwarding', {
          url: receiver.url,
          target: sanitizeForTerminal(withoutCredentials(options.forwardTo)),
        })
      : sayWebhook('listening', { url: receiver.url }),
  );
  context.log.info(sayWebhook('stopWithCtrlC'));
  if (client) context.log.info(sayWebhook('eachNotificationVerified'));
  try {
    await untilAborted(context.signal);
  } finally {
    await receiver.close();
    log?.close();
  }
  context.log.info(summaryLine(receiver.stats, options.forwardTo !== undefined));
  return 0;
}

type Inspect = NonNullable<Parameters<typeof startReceiver>[0]['inspect']>;

function openLog(path: string): NotificationLog {
  try {
    return new NotificationLog(path);
  } catch (error) {
    if (error instanceof UntrustedPathError) throw error;
    throw new UsageError(
      sayWebhook('logCannotOpen', { path, problem: String((error as NodeJS.ErrnoException).code ?? error) }),
      { field: '--log' },
    );
  }
}

/** Before each answer: --verify against the API, then the --log line (on disk before the answer). */
function inspector(
  context: Context,
  client: Client | undefined,
  log: NotificationLog | undefined,
  logPath: string | undefined,
): Inspect {
  return async (notification, body, headers) => {
    if (client) {
      const summary = summarizeNotification(notification.body);
      notification.verification = await verifyNotification(summary, client, context.signal);
    }
    try {
      log?.append({
        received_at: notification.received_at,
        method: notification.method,
        path: notification.path,
        headers,
        body: body.toString('utf8'),
        verification: notification.verification ?? null,
      });
    } catch (error) {
      context.log.warn(
        sayWebhook('logCannotWrite', {
          path: String(logPath),
          problem: String((error as NodeJS.ErrnoException).code ?? error),
        }),
      );
    }
  };
}

/** The receiver, listening; a port that is taken or not allowed is a usage error naming --port. */
async function listen(options: WebhookListenOptions, context: Context, inspect: Inspect): Promise<Receiver> {
  try {
    return await startReceiver({
      port: options.port,
      host: options.host,
      forwardTo: options.forwardTo,
      now: () => context.clock.now(),
      inspect,
      shouldForward: options.forwardVerifiedOnly
        ? (notification) => notification.verification?.verified === true
        : undefined,
      onNotification: (notification) => writeNotification(context, notification),
      onRejected: (rejected) => warnRejected(context, rejected),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES') {
      throw new UsageError(
        sayWebhook(code === 'EADDRINUSE' ? 'portInUse' : 'portNotAllowed', { port: options.port }),
        {
          field: '--port',
        },
      );
    }
    throw error;
  }
}
