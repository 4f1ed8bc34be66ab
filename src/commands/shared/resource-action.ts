// One shape for an action on an existing resource (a charge's refund, cancel, capture; any payout
// action): a confirmation on a terminal unless --yes, --yes required without one (exit 2, never a
// hang), one POST never repeated, a lost answer turned into exit 9 naming the command that shows
// what happened, and the resource shown after it (--json: the answer as received). A resource
// gives its get command, its fetch and its writer once; an action gives its texts and its POST.
// docs/how-to.md, "Add a command", walks a new action through it.
import type { Client } from '../../api/client.js';
import { OutcomeUnknownError } from '../../api/errors.js';
import type { Context } from '../../context.js';
import { resourceId } from '../../domain/resource-fields.js';
import { CancelledError, UsageError } from '../../errors.js';
import { isJsonObject } from '../../json.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { sayShared } from '../../text/en/shared.js';

/** What the shape needs of a kind of resource, the same for every action on it. */
export interface ActedResource<Resource> {
  /** The command that shows one, without `paygate` and the id (`charge get`): exit 9 names it. */
  readonly getCommand: string;
  /** GET of one, for the question and for the resource after an answer that is not it. */
  get(client: Client, id: string, signal: AbortSignal | undefined): Promise<Resource>;
  /** Prints one in the run's output format (table, json, ndjson, csv, plain). */
  write(context: Context, resource: Resource): void | Promise<void>;
  /**
   * The member an answer that is another resource may be wrapped in (Woovi's `{refund: {…}}`),
   * read for that resource's own id and status.
   */
  readonly otherMember?: string;
}

/** The question asked on a terminal before anything is sent. Texts are made when said (docs/language.md). */
export interface ActionConfirmation<Resource> {
  /** The question, naming what is about to change (money in words too: docs/language.md). */
  question(current: Resource, context: Context): string;
  /** Without a terminal and without --yes: "--yes is required to refund without a terminal …". */
  yesRequired(): string;
  /** Answered No: "Cancelled: not refunded, nothing was sent." */
  declined(): string;
}

/** What an action answered, and the resource after it. */
export interface ActionOutcome<Resource> {
  /** The resource after the action: the answer when it is the resource, else fetched again. */
  resource: Resource;
  /**
   * The answer when it is another resource (Mercado Pago's refund `{id, payment_id, status}`):
   * its own id and status, if it names them. Its status is its own, not the resource's.
   */
  other?: { id?: string; status?: string };
}

/** One action on one resource: what differs between a refund, a cancel and a capture. */
export interface ResourceAction<Resource> {
  readonly resource: ActedResource<Resource>;
  /** The resource's id, as given. */
  readonly id: string;
  /** What exit 9 says may or may not have happened: "the refund of charge ci_…" (id sanitised). */
  what(id: string): string;
  /** Asked on a terminal unless --yes; none: the action asks nothing (capture). */
  readonly confirmation?: ActionConfirmation<Resource>;
  /** The one POST. Never repeated: a lost answer is exit 9. */
  send(client: Client, signal: AbortSignal | undefined): Promise<Partial<Resource>>;
  /** The line a person reads after the gateway accepted it (table output only). */
  accepted(outcome: ActionOutcome<Resource>): string;
}

/** Whether the answer itself is printed (--json, -o ndjson: as received, never fetched again). */
export function printsAnswer(context: Context): boolean {
  return context.output === 'json' || context.output === 'ndjson';
}

/** Runs the action: confirmation, the POST, the resource after it. Returns the exit code. */
export async function runResourceAction<Resource>(
  action: ResourceAction<Resource>,
  context: Context,
  yes = false,
): Promise<number> {
  const { resource, confirmation } = action;
  if (confirmation !== undefined && !yes) await confirm(action, confirmation, context);
  const client = await context.client();
  let answer: Partial<Resource>;
  try {
    answer = await action.send(client, context.signal);
  } catch (error) {
    if (error instanceof OutcomeUnknownError) throw actionOutcomeUnknown(action, error);
    throw error;
  }
  // Scripts get the answer as the gateway sent it (a refund object stays one).
  if (printsAnswer(context)) {
    await resource.write(context, answer as Resource);
    return 0;
  }
  const outcome = await resourceAfterAction(action, answer, context);
  await resource.write(context, outcome.resource);
  if (context.output === 'table') context.log.info(action.accepted(outcome));
  return 0;
}

async function confirm<Resource>(
  action: ResourceAction<Resource>,
  confirmation: ActionConfirmation<Resource>,
  context: Context,
): Promise<void> {
  if (!context.canPrompt) throw new UsageError(confirmation.yesRequired(), { field: '--yes' });
  const client = await context.client();
  // Shown in the question, so that the person sees what they are about to change.
  const current = await action.resource.get(client, action.id, context.signal);
  const confirmed = await context.prompter.confirm({
    message: confirmation.question(current, context),
    default: false,
  });
  if (!confirmed) throw new CancelledError(confirmation.declined());
}

/** The command exit 9 names, in its message's words and in its hint: one value for both. */
export function actionCheckCommand<Resource>(action: ResourceAction<Resource>): string {
  return `paygate ${action.resource.getCommand} ${sanitizeForTerminal(action.id)}`;
}

/** Exit 9 for an action whose answer never came: what may have happened, and the command to check it. */
export function actionOutcomeUnknown<Resource>(
  action: ResourceAction<Resource>,
  error: OutcomeUnknownError,
): OutcomeUnknownError {
  const command = actionCheckCommand(action);
  // The fact alone, not its next step: the hint says what to check, once.
  const said = { what: action.what(sanitizeForTerminal(action.id)), message: error.message };
  return new OutcomeUnknownError(
    // An answer came (a 5xx…) that does not say; or none came.
    error.status === undefined
      ? sayShared('actionOutcomeUnknown', said)
      : sayShared('actionOutcomeUnknownAnswered', said),
    {
      method: error.method,
      url: error.url,
      code: error.code,
      status: error.status,
      cause: error,
      hint: sayShared('checkBeforeTryingAgain', { command }),
    },
  );
}

/**
 * The resource after an action, whose answer the API does not describe: the answer when it is
 * this resource (its id, and a status), else the resource fetched again, with what the answer
 * said of itself.
 */
async function resourceAfterAction<Resource>(
  action: ResourceAction<Resource>,
  answer: Partial<Resource>,
  context: Context,
): Promise<ActionOutcome<Resource>> {
  const answered = resourceId(answer);
  const fields: unknown = answer;
  const status = isJsonObject(fields) ? fields.status : undefined;
  if (answered !== undefined && answered === action.id && typeof status === 'string') {
    return { resource: answer as Resource };
  }
  const client = await context.client();
  const resource = await action.resource.get(client, action.id, context.signal);
  return { resource, other: ownWords(answer, action.resource.otherMember) };
}

/** The id and status an answer that is not the resource gives itself (inside `member` if so wrapped). */
function ownWords(answer: unknown, member: string | undefined): ActionOutcome<unknown>['other'] {
  const wrapped = member !== undefined && isJsonObject(answer) ? answer[member] : undefined;
  const inner = isJsonObject(wrapped) ? wrapped : answer;
  if (!isJsonObject(inner)) return undefined;
  const id = resourceId(inner);
  const status = typeof inner.status === 'string' && inner.status.trim() !== '' ? inner.status : undefined;
  return id === undefined && status === undefined ? undefined : { id, status };
}
