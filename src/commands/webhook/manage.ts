// `paygate webhook list/create/update/delete/test`: the webhook management endpoints
// (client.webhooks). Tables for people; --json prints the API's data exactly.
//
// The gateway's reference says both that these endpoints exist and that they do not. A 404 is read this way:
// - on the collection (list, create): the gateway has no webhook API → a message saying webhooks
//   are managed in its dashboard (exit 3);
// - on one webhook (update, delete, test): a 404 may mean "no such id" or "no such API". Error
//   codes are not documented, so the CLI asks the collection (GET /v1/webhooks, one request, only
//   after a 404): if it answers, the API exists and the message is "no webhook wh_…"; if it is a
//   404 too, it is the dashboard message. Either way exit 3.
import type { Client } from '../../api/client.js';
import { NotFoundError } from '../../api/errors.js';
import type { Context } from '../../context.js';
import { CancelledError, ExitCode, PaygateError, UsageError } from '../../errors.js';
import { type Colors, statusColor } from '../../output/colors.js';
import { formatTimestamp } from '../../output/format.js';
import {
  type Column,
  columnsFor,
  type Field,
  otherFields,
  writeList,
  writeObject,
} from '../../output/render.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import type { Webhook } from '../../schemas/webhook.js';
import { NO_ARGUMENTS, readArguments, readFlags } from '../options.js';
import { httpUrl } from '../shared/flags.js';
import type { CommandHandler } from '../types.js';
import {
  WEBHOOK_CREATE_ARGUMENTS,
  WEBHOOK_CREATE_FLAGS,
  WEBHOOK_DELETE_FLAGS,
  WEBHOOK_ID_ARGUMENTS,
  WEBHOOK_UPDATE_FLAGS,
} from './flags.js';

export const NO_WEBHOOK_API_MESSAGE =
  'this gateway has no webhook API: webhooks are managed in its dashboard (or per charge with --callback-url)';

/** The gateway answered 404 on the webhook collection. */
export function noWebhookApiError(cause: NotFoundError): NotFoundError {
  return new NotFoundError(NO_WEBHOOK_API_MESSAGE, {
    status: cause.status,
    type: cause.type,
    code: 'webhooks_not_supported',
    requestId: cause.requestId,
    method: cause.method,
    url: cause.url,
    hint: 'pass --callback-url to `paygate charge create` to be notified of one charge',
  });
}

function noSuchWebhookError(id: string, cause: NotFoundError): NotFoundError {
  return new NotFoundError(`no webhook ${sanitizeForTerminal(id)}`, {
    status: cause.status,
    type: cause.type,
    code: cause.code ?? 'webhook_not_found',
    requestId: cause.requestId,
    method: cause.method,
    url: cause.url,
    hint: 'see the webhooks of this key with `paygate webhook list`',
  });
}

/** Runs a call on the collection; a 404 becomes the dashboard message. */
async function onCollection<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof NotFoundError) throw noWebhookApiError(error);
    throw error;
  }
}

/** Runs a call on webhook `id`; a 404 is told apart (no such webhook / no such API) by listing. */
async function onWebhook<T>(
  client: Client,
  context: Context,
  id: string,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    try {
      await client.webhooks.list({ signal: context.signal });
    } catch (listError) {
      if (listError instanceof NotFoundError) throw noWebhookApiError(error);
      // The collection could not be read for another reason: the 404 was about the id.
    }
    throw noSuchWebhookError(id, error);
  }
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** `enabled` in green, `disabled` in grey, nothing when the gateway did not say. */
function stateText(webhook: Partial<Webhook>, colors: Colors): string {
  if (webhook.enabled === undefined) return '';
  return webhook.enabled ? colors.green('enabled') : colors.gray('disabled');
}

const webhookColumns: Column<Webhook>[] = [
  { key: 'id', header: 'ID', value: (webhook) => webhook.id },
  { key: 'url', header: 'URL', value: (webhook) => webhook.url },
  {
    key: 'enabled',
    header: 'STATE',
    value: (webhook) => webhook.enabled ?? '',
    display: stateText,
  },
  {
    key: 'created_at',
    header: 'CREATED',
    value: (webhook) => webhook.created_at ?? '',
    display: (webhook) => (webhook.created_at ? formatTimestamp(webhook.created_at) : ''),
  },
];

const webhookFields: Field<Partial<Webhook>>[] = [
  { label: 'ID', key: 'id', value: (webhook) => text(webhook.id) },
  { label: 'URL', key: 'url', value: (webhook) => text(webhook.url) },
  {
    label: 'State',
    key: 'enabled',
    value: (webhook) => webhook.enabled ?? '',
    display: stateText,
  },
  {
    label: 'Created',
    key: 'created_at',
    value: (webhook) => text(webhook.created_at),
    display: (webhook) => (webhook.created_at ? formatTimestamp(webhook.created_at) : ''),
  },
];

function writeWebhook(context: Context, webhook: Partial<Webhook>): void {
  // A gateway's other field names (uid, endpoint, active) are listed, never a view of blanks.
  const fields = [...webhookFields, ...otherFields(webhook, webhookFields)];
  writeObject(context.io.stdout, context.output, webhook, fields, { colors: context.colors });
}

export const webhookList: CommandHandler<void> = {
  parse: (input) => void readArguments(NO_ARGUMENTS, input),
  run: (_options, context) => writeWebhooks(context),
};

async function writeWebhooks(context: Context): Promise<number> {
  const client = await context.client();
  const webhooks = await onCollection(() => client.webhooks.list({ signal: context.signal }));
  await writeList(context.io.stdout, context.output, webhooks, columnsFor(webhooks, webhookColumns), {
    colors: context.colors,
    emptyMessage: 'No webhooks. Add one with `paygate webhook create URL`.',
    messages: context.io.stderr,
  });
  return 0;
}

export interface WebhookCreateOptions {
  /** An absolute http(s) URL. */
  url: string;
  enabled: boolean;
}

export const webhookCreate: CommandHandler<WebhookCreateOptions> = {
  parse: (input) => ({
    url: httpUrl(readArguments(WEBHOOK_CREATE_ARGUMENTS, input).url, 'argument'),
    enabled: !readFlags(WEBHOOK_CREATE_FLAGS, input).disabled,
  }),
  run: createWebhook,
};

async function createWebhook({ url, enabled }: WebhookCreateOptions, context: Context): Promise<number> {
  const client = await context.client();
  const webhook = await onCollection(() =>
    client.webhooks.create({ url, enabled }, { signal: context.signal }),
  );
  writeWebhook(context, webhook);
  if (context.output === 'table') {
    context.log.info(
      `Webhook ${webhook.id ? `${sanitizeForTerminal(webhook.id)} ` : ''}${webhook.enabled === false ? 'created, disabled' : 'created'}: ` +
        `notifications of every charge go to ${sanitizeForTerminal(url)}.`,
    );
  }
  return 0;
}

export interface WebhookUpdateOptions {
  id: string;
  /** What changes: at least one of them. */
  changes: { url?: string; enabled?: boolean };
}

export const webhookUpdate: CommandHandler<WebhookUpdateOptions> = {
  parse: (input) => {
    const { id } = readArguments(WEBHOOK_ID_ARGUMENTS, input);
    // --enable with --disable: commander refuses them together (conflicts in flags.ts).
    const options = readFlags(WEBHOOK_UPDATE_FLAGS, input);
    const changes: WebhookUpdateOptions['changes'] = {};
    if (options.url !== undefined) changes.url = options.url;
    if (options.enable) changes.enabled = true;
    if (options.disable) changes.enabled = false;
    if (Object.keys(changes).length === 0) {
      throw new UsageError('nothing to change: pass --url, --enable or --disable', { field: '--url' });
    }
    return { id, changes };
  },
  run: updateWebhook,
};

async function updateWebhook({ id, changes: body }: WebhookUpdateOptions, context: Context): Promise<number> {
  const client = await context.client();
  const updated = await onWebhook(client, context, id, () =>
    client.webhooks.update(id, body, { signal: context.signal }),
  );
  writeWebhook(context, { id, ...updated });
  if (context.output === 'table') context.log.info(`Webhook ${sanitizeForTerminal(id)} updated.`);
  return 0;
}

export interface WebhookDeleteOptions {
  id: string;
  /** Delete without asking; without a terminal it is required. */
  yes: boolean;
}

export const webhookDelete: CommandHandler<WebhookDeleteOptions> = {
  parse: (input) => ({
    id: readArguments(WEBHOOK_ID_ARGUMENTS, input).id,
    yes: readFlags(WEBHOOK_DELETE_FLAGS, input).yes === true,
  }),
  run: deleteWebhook,
};

async function deleteWebhook({ id, yes }: WebhookDeleteOptions, context: Context): Promise<number> {
  if (!yes) {
    if (!context.canPrompt) {
      throw new UsageError('--yes is required to delete without a terminal (no prompt: nothing was sent)', {
        field: '--yes',
      });
    }
    const confirmed = await context.prompter.confirm({
      message: `Delete webhook ${sanitizeForTerminal(id)}? It stops receiving notifications.`,
      default: false,
    });
    if (!confirmed) throw new CancelledError('Cancelled: not deleted, nothing was sent.');
  }
  const client = await context.client();
  const result = await onWebhook(client, context, id, () =>
    client.webhooks.delete(id, { signal: context.signal }),
  );
  if (context.output === 'json' || context.output === 'ndjson') {
    writeObject(context.io.stdout, context.output, result ?? { id, deleted: true }, [], {
      colors: context.colors,
    });
  } else {
    context.log.info(`Webhook ${sanitizeForTerminal(id)} deleted.`);
  }
  return 0;
}

interface TestResult {
  url?: unknown;
  status?: unknown;
  error?: unknown;
  delivered?: unknown;
}

export interface WebhookTestOptions {
  id: string;
}

/**
 * `webhook test ID`: the gateway sends a test notification. When its answer says whether the
 * receiver accepted it (`delivered`), a refusal is exit 7 (the final outcome is not a success),
 * so that a script can check its endpoint; an answer without that field is exit 0.
 */
export const webhookTest: CommandHandler<WebhookTestOptions> = {
  parse: (input) => ({ id: readArguments(WEBHOOK_ID_ARGUMENTS, input).id }),
  run: testWebhook,
};

async function testWebhook({ id }: WebhookTestOptions, context: Context): Promise<number> {
  const client = await context.client();
  const result = await onWebhook(client, context, id, () =>
    client.webhooks.test(id, { signal: context.signal }),
  );
  const data = (typeof result === 'object' && result !== null ? result : {}) as TestResult;
  if (context.output === 'table') {
    const target = typeof data.url === 'string' ? ` to ${sanitizeForTerminal(data.url)}` : '';
    if (data.delivered === false) {
      const why =
        typeof data.status === 'number'
          ? `it answered ${data.status}`
          : `no answer${typeof data.error === 'string' ? ` (${sanitizeForTerminal(data.error)})` : ''}`;
      context.io.stdout.write(
        `Test notification sent${target}: ${statusColor('failed', context.colors)}, ${why}. The gateway retries it.\n`,
      );
    } else {
      const answered = typeof data.status === 'number' ? `: receiver answered ${data.status}` : '';
      context.io.stdout.write(`Test notification sent${target}${answered}.\n`);
    }
  } else {
    writeObject(context.io.stdout, context.output, result, [], { colors: context.colors });
  }
  if (data.delivered === false) {
    throw new PaygateError(
      `the test notification of webhook ${sanitizeForTerminal(id)} was not accepted`,
      ExitCode.FinalNotSuccess,
      {
        type: 'final_status',
        hint: 'is the receiver running? try `paygate webhook listen` and point the webhook at it',
      },
    );
  }
  return 0;
}
