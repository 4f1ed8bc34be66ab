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
import type { Colors } from '../../output/colors.js';
import { formatTimestamp } from '../../output/format.js';
import {
  type Column,
  columnsFor,
  type Field,
  otherFields,
  terminalFit,
  writeList,
  writeObject,
} from '../../output/render.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import type { Webhook } from '../../schemas/webhook.js';
import { sayWebhook } from '../../text/en/webhook.js';
import { tableWords } from '../../text/in-english.js';
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
import { refuseSpreadsheet } from './no-spreadsheet.js';

/** The gateway answered 404 on the webhook collection. */
export function noWebhookApiError(cause: NotFoundError): NotFoundError {
  return new NotFoundError(sayWebhook('noWebhookApi'), {
    status: cause.status,
    type: cause.type,
    code: 'webhooks_not_supported',
    requestId: cause.requestId,
    method: cause.method,
    url: cause.url,
    hint: sayWebhook('noWebhookApiHint'),
  });
}

function noSuchWebhookError(id: string, cause: NotFoundError): NotFoundError {
  return new NotFoundError(sayWebhook('noSuchWebhook', { id: sanitizeForTerminal(id) }), {
    status: cause.status,
    type: cause.type,
    code: cause.code ?? 'webhook_not_found',
    requestId: cause.requestId,
    method: cause.method,
    url: cause.url,
    hint: sayWebhook('noSuchWebhookHint'),
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
  return webhook.enabled ? colors.green(sayWebhook('enabled')) : colors.gray(sayWebhook('disabled'));
}

/**
 * Webhook fields paygate knows and leaves out of a table, as the charge and payout views do (they
 * are in --json, and csv and plain keep every field for scripts).
 */
const WEBHOOK_FIELDS_NOT_SHOWN = ['updated_at'];

const tableOnly = (format: string, names: readonly string[]): readonly string[] =>
  format === 'table' ? names : [];

/** The list's columns, their headers in the run's language on a table (English for csv). */
const webhookColumns = (format: string): Column<Webhook>[] => [
  { key: 'id', header: tableWords(format, () => sayWebhook('idHeader')), value: (webhook) => webhook.id },
  { key: 'url', header: tableWords(format, () => sayWebhook('urlHeader')), value: (webhook) => webhook.url },
  {
    key: 'enabled',
    header: tableWords(format, () => sayWebhook('stateHeader')),
    value: (webhook) => webhook.enabled ?? '',
    display: stateText,
  },
  {
    key: 'created_at',
    header: tableWords(format, () => sayWebhook('createdHeader')),
    value: (webhook) => webhook.created_at ?? '',
    display: (webhook) => (webhook.created_at ? formatTimestamp(webhook.created_at) : ''),
  },
];

/** The detail view's fields, their labels in the run's language on a table (English for csv and plain). */
const webhookFields = (format: string): Field<Partial<Webhook>>[] => [
  { label: tableWords(format, () => sayWebhook('idLabel')), key: 'id', value: (webhook) => text(webhook.id) },
  {
    label: tableWords(format, () => sayWebhook('urlLabel')),
    key: 'url',
    value: (webhook) => text(webhook.url),
  },
  {
    label: tableWords(format, () => sayWebhook('stateLabel')),
    key: 'enabled',
    value: (webhook) => webhook.enabled ?? '',
    display: stateText,
  },
  {
    label: tableWords(format, () => sayWebhook('createdLabel')),
    key: 'created_at',
    value: (webhook) => text(webhook.created_at),
    display: (webhook) => (webhook.created_at ? formatTimestamp(webhook.created_at) : ''),
  },
];

async function writeWebhook(context: Context, webhook: Partial<Webhook>): Promise<void> {
  if (context.globals.excel) {
    // A spreadsheet for people, the same as `webhook list --excel` (src/output/exports.ts).
    const { exportFormatOf, exportText, withOtherFields, WEBHOOK_EXPORT } = await import(
      '../../output/exports.js'
    );
    const columns = withOtherFields(WEBHOOK_EXPORT, [webhook]);
    context.io.stdout.write(exportText([webhook], columns, exportFormatOf(context)));
    return;
  }
  // A gateway's other field names (uid, endpoint, active) are listed, never a view of blanks.
  const known = webhookFields(context.output);
  const fields = [
    ...known,
    ...otherFields(webhook, known, tableOnly(context.output, WEBHOOK_FIELDS_NOT_SHOWN)),
  ];
  writeObject(context.io.stdout, context.output, webhook, fields, { colors: context.colors });
}

export const webhookList: CommandHandler<void> = {
  parse: (input) => void readArguments(NO_ARGUMENTS, input),
  run: (_options, context) => writeWebhooks(context),
};

async function writeWebhooks(context: Context): Promise<number> {
  const client = await context.client();
  const webhooks = await onCollection(() => client.webhooks.list({ signal: context.signal }));
  if (context.globals.excel) {
    // A spreadsheet for people (src/output/exports.ts); plain -o csv below stays the scripts' own.
    const { exportFormatOf, withOtherFields, WEBHOOK_EXPORT, writeExport } = await import(
      '../../output/exports.js'
    );
    const columns = withOtherFields(WEBHOOK_EXPORT, webhooks);
    await writeExport(context.io.stdout, webhooks, columns, exportFormatOf(context));
    return 0;
  }
  await writeList(
    context.io.stdout,
    context.output,
    webhooks,
    columnsFor(webhooks, webhookColumns(context.output)).filter(
      (column) => !tableOnly(context.output, WEBHOOK_FIELDS_NOT_SHOWN).includes(column.key),
    ),
    {
      colors: context.colors,
      emptyMessage: sayWebhook('noWebhooks'),
      ...terminalFit(context.io),
    },
  );
  return 0;
}

export interface WebhookCreateOptions {
  /** An absolute http(s) URL. */
  url: string;
  enabled: boolean;
}

export const webhookCreate: CommandHandler<WebhookCreateOptions> = {
  parse: (input) => ({
    // Named as the help names the argument (<url>), in every language.
    url: httpUrl(readArguments(WEBHOOK_CREATE_ARGUMENTS, input).url, 'url'),
    enabled: !readFlags(WEBHOOK_CREATE_FLAGS, input).disabled,
  }),
  run: createWebhook,
};

async function createWebhook({ url, enabled }: WebhookCreateOptions, context: Context): Promise<number> {
  const client = await context.client();
  const webhook = await onCollection(() =>
    client.webhooks.create({ url, enabled }, { signal: context.signal }),
  );
  await writeWebhook(context, webhook);
  if (context.output === 'table') {
    const target = sanitizeForTerminal(url);
    const disabled = webhook.enabled === false;
    context.log.info(
      webhook.id
        ? sayWebhook(disabled ? 'createdDisabled' : 'created', {
            id: sanitizeForTerminal(webhook.id),
            url: target,
          })
        : sayWebhook(disabled ? 'createdDisabledWithoutId' : 'createdWithoutId', { url: target }),
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
      throw new UsageError(sayWebhook('nothingToChange'), { field: '--url' });
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
  await writeWebhook(context, { id, ...updated });
  if (context.output === 'table') context.log.info(sayWebhook('updated', { id: sanitizeForTerminal(id) }));
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
  refuseSpreadsheet(context, 'webhook delete');
  if (!yes) {
    if (!context.canPrompt) {
      throw new UsageError(sayWebhook('yesRequiredToDelete'), { field: '--yes' });
    }
    const confirmed = await context.prompter.confirm({
      message: sayWebhook('deleteQuestion', { id: sanitizeForTerminal(id) }),
      default: false,
    });
    if (!confirmed) throw new CancelledError(sayWebhook('deleteCancelled'));
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
    context.log.info(sayWebhook('deleted', { id: sanitizeForTerminal(id) }));
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
  refuseSpreadsheet(context, 'webhook test');
  const client = await context.client();
  const result = await onWebhook(client, context, id, () =>
    client.webhooks.test(id, { signal: context.signal }),
  );
  const data = (typeof result === 'object' && result !== null ? result : {}) as TestResult;
  if (context.output === 'table') {
    context.io.stdout.write(testResultText(data, context.colors));
  } else {
    writeObject(context.io.stdout, context.output, result, [], { colors: context.colors });
  }
  if (data.delivered === false) {
    throw new PaygateError(
      sayWebhook('testNotAcceptedError', { id: sanitizeForTerminal(id) }),
      ExitCode.FinalNotSuccess,
      {
        type: 'final_status',
        hint: sayWebhook('testNotAcceptedHint'),
      },
    );
  }
  return 0;
}

/** What a person reads of a test notification: where it went and what the receiver answered. */
function testResultText(data: TestResult, colors: Colors): string {
  const url = typeof data.url === 'string' ? sanitizeForTerminal(data.url) : undefined;
  const status = typeof data.status === 'number' ? data.status : undefined;
  if (data.delivered === false) {
    // Red, as statusColor paints `failed`; the word in the run's language.
    const failed = colors.red(sayWebhook('testFailedStatus'));
    const why =
      status !== undefined
        ? sayWebhook('receiverAnswered', { status })
        : typeof data.error === 'string'
          ? sayWebhook('receiverDidNotAnswerBecause', { error: sanitizeForTerminal(data.error) })
          : sayWebhook('receiverDidNotAnswer');
    return url === undefined
      ? sayWebhook('testNotAccepted', { failed, why })
      : sayWebhook('testNotAcceptedTo', { url, failed, why });
  }
  if (url === undefined)
    return status === undefined ? sayWebhook('testSent') : sayWebhook('testSentAnswered', { status });
  return status === undefined
    ? sayWebhook('testSentTo', { url })
    : sayWebhook('testSentToAnswered', { url, status });
}
