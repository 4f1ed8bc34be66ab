// The one place that knows the exit codes (listed in the README and `paygate help exit-codes`). Every failure a user can see is a
// PaygateError carrying its exit code; anything else is a bug (exit 1).
import { type PlaceholdersOf, type PlaceholderValue, sayRegistered } from './text/catalog.js';
import { decimalText } from './text/decimal.js';
import { durationText } from './text/duration.js';
import type { ApiFactsEnglish } from './text/en/api-facts.js';
import { sayCommon } from './text/en/common.js';
import type { RulesEnglish } from './text/en/rules.js';
import { argumentWord } from './text/help-keys.js';
// The words of the facts below: loaded with the errors that say them.
import './text/en/api-facts.js';
import './text/en/rules.js';

export const ExitCode = {
  Success: 0,
  Internal: 1,
  Usage: 2,
  ApiRefused: 3,
  Auth: 4,
  RateLimited: 5,
  Network: 6,
  FinalNotSuccess: 7,
  StillPending: 8,
  OutcomeUnknown: 9,
  Incomplete: 10,
  Interrupted: 130,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

export interface ErrorDetails {
  type?: string;
  code?: string;
  status?: number;
  requestId?: string;
  field?: string;
  hint?: string;
}

/** The resource a request acted on, as its path names it (`/charges/ci_1/refund`). */
export interface RequestedResource {
  kind: 'charge' | 'payout' | 'webhook' | 'token';
  /** Its id, when the path names one. */
  id?: string;
  /** What was asked of it, when the path names it (`refund`, `cancel`, `capture`). */
  action?: string;
}

/**
 * What a person can do after an error, as the facts the layer that raised it knows (the API
 * client knows no commands); the words, commands and flags included, are the top level's
 * (output/error-text.ts), where the error is reported or a command quotes it.
 */
export type NextStep =
  /** The request may have been processed and was not sent again: look before repeating it. */
  | { kind: 'look_before_retrying'; resource: RequestedResource | undefined }
  /** No key of this kind is configured. */
  | { kind: 'configure_key'; key: 'secret' | 'public' }
  /** The gateway refused the secret key (401). */
  | { kind: 'check_secret_key' }
  /**
   * No usable answer came from the base URL: the Node error code, whether it was a timeout,
   * whether the answer was longer than the client reads, and the proxy (and the variable that
   * named it) the connection did not get through in time, if any.
   */
  | {
      kind: 'reach_gateway';
      code: string;
      timedOut: boolean;
      tooLong: boolean;
      stalledProxy?: { origin: string; variable: string };
    }
  /**
   * The base URL looks wrong: no API answers there under either prefix (`no_api`), a page that is
   * not the API's answered (`not_the_api`), or the answer was a redirect (`redirect`).
   */
  | { kind: 'check_base_url'; because: 'no_api' | 'not_the_api' | 'redirect' }
  /** The base URL given is not a usable URL: say where it is set. */
  | { kind: 'set_base_url' };

/**
 * What went wrong as a fact, not a sentence: the domain, the schemas and the API client choose no
 * words (docs/language.md). A fact names a rule of input (`ruleBroken`) or what the API client
 * saw (`apiFact`), with its values; the error says it in the run's language when it is made. A
 * value may itself be a fact (why a connection failed, inside the error that says which request
 * failed): it is said first, in the same language.
 */
export interface Fact {
  readonly area: 'rules' | 'api';
  readonly key: string;
  readonly values: Readonly<Record<string, FactValue>>;
}

/**
 * A placeholder's value in a fact: what is written, a fact said in the run's language, a decimal
 * number written as the run's language writes one (`0.01`, `0,01`: docs/language.md), or a
 * duration said as a person reads it (`29m 59s`, `29 min 59 s`).
 */
export type FactValue = PlaceholderValue | Fact | DecimalValue | DurationValue | ArgumentName;

/** A decimal number in a fact, kept as written with a point (`99.5`) and said in the run's language. */
export interface DecimalValue {
  readonly decimal: string;
}

/** `ruleBroken('splitPercentageTotal', { tolerance: decimalValue(0.01), … })`: `0.01`, or `0,01` in Portuguese. */
export function decimalValue(value: number | string): DecimalValue {
  return { decimal: String(value) };
}

/** A duration in a fact, in milliseconds, said by src/text/duration.ts in the run's language. */
export interface DurationValue {
  readonly milliseconds: number;
}

/** `ruleBroken('expiryOutOfRange', { duration: durationValue(ms), … })`: `2d 00h`, or `2 d 00 h` in Portuguese. */
export function durationValue(milliseconds: number): DurationValue {
  return { milliseconds };
}

/**
 * A command's argument named in a fact (`duration`), said as help says it in the run's language
 * (`duração`); a flag or a setting is named as typed, a plain string.
 */
export interface ArgumentName {
  readonly argument: string;
}

/** `parseDuration(text, argumentName('duration'))`: the argument `duration`, said in the run's language. */
export function argumentName(name: string): ArgumentName {
  return { argument: name };
}

/** A field as a person reads it in a message: a flag as typed, an argument in the run's language. */
export function fieldWord(field: string | ArgumentName): string {
  return typeof field === 'string' ? field : argumentWord(field.argument);
}

/** A field as `--json` errors name it, the same in every language: `--timeout`, `duration`. */
export function fieldKey(field: string | ArgumentName): string {
  return typeof field === 'string' ? field : field.argument;
}

/** The values a fact's text needs: none, or an object naming each placeholder. */
type FactValuesFor<Entry> = [PlaceholdersOf<Entry>] extends [never]
  ? []
  : [values: { readonly [Name in PlaceholdersOf<Entry>]: FactValue }];

/** A rule of input that was broken: `new UsageError(ruleBroken('mustBeOneOf', { field, value, values }), { field })`. */
export function ruleBroken<Key extends keyof RulesEnglish & string>(
  key: Key,
  ...values: FactValuesFor<RulesEnglish[Key]>
): Fact {
  return { area: 'rules', key, values: values[0] ?? {} };
}

/** What the API client saw: `new ApiError(apiFact('gatewayAnswered', { status }), …)`. */
export function apiFact<Key extends keyof ApiFactsEnglish & string>(
  key: Key,
  ...values: FactValuesFor<ApiFactsEnglish[Key]>
): Fact {
  return { area: 'api', key, values: values[0] ?? {} };
}

/** A message given as a sentence, or a fact said in the run's language. */
export type Message = string | Fact;

/** A fact as a sentence in the run's language (its values that are facts said first). */
export function sayFact(fact: Fact): string {
  const values: Record<string, PlaceholderValue> = {};
  for (const [name, value] of Object.entries(fact.values)) {
    if (typeof value !== 'object') values[name] = value;
    else if ('decimal' in value) values[name] = decimalText(value.decimal);
    else if ('milliseconds' in value) values[name] = durationText(value.milliseconds);
    else if ('argument' in value) values[name] = fieldWord(value);
    else values[name] = sayFact(value);
  }
  return sayRegistered(fact.area, fact.key, values);
}

/** A message as a sentence: as given, or its fact said. */
export function sentenceOf(message: Message): string {
  return typeof message === 'string' ? message : sayFact(message);
}

/**
 * The `type` of a --json error made without one, by its exit code: scripts match it, so it never
 * comes from the class's name (the build minifies names: a `--request-timeout 0` once said `"y"`).
 */
const TYPE_OF_EXIT_CODE: Record<ExitCode, string> = {
  [ExitCode.Success]: 'success',
  [ExitCode.Internal]: 'internal_error',
  [ExitCode.Usage]: 'usage_error',
  [ExitCode.ApiRefused]: 'refused',
  [ExitCode.Auth]: 'authentication_error',
  [ExitCode.RateLimited]: 'rate_limit_error',
  [ExitCode.Network]: 'network_error',
  [ExitCode.FinalNotSuccess]: 'final_status',
  [ExitCode.StillPending]: 'still_pending',
  [ExitCode.OutcomeUnknown]: 'outcome_unknown',
  [ExitCode.Incomplete]: 'incomplete',
  [ExitCode.Interrupted]: 'interrupted',
};

export class PaygateError extends Error {
  readonly exitCode: ExitCode;
  /** The fact this error was made of, when it was made of one (its message is that fact said). */
  readonly fact: Fact | undefined;
  readonly details: ErrorDetails;
  /** Not in `details`: an error that copies another's details does not take its next step. */
  readonly nextStep: NextStep | undefined;
  constructor(message: Message, exitCode: ExitCode, details: ErrorDetails = {}, nextStep?: NextStep) {
    super(sentenceOf(message));
    this.fact = typeof message === 'string' ? undefined : message;
    this.name = new.target.name;
    this.exitCode = exitCode;
    this.details = details;
    this.nextStep = nextStep;
  }
  /** The `error` object printed on stderr with --json. */
  toJSON(): Record<string, unknown> {
    const { type, code, status, requestId, field, hint } = this.details;
    return {
      type: type ?? TYPE_OF_EXIT_CODE[this.exitCode],
      code: code ?? null,
      message: this.message,
      exit_code: this.exitCode,
      ...(status !== undefined ? { status } : {}),
      ...(requestId ? { request_id: requestId } : {}),
      ...(field ? { field } : {}),
      ...(hint ? { hint } : {}),
    };
  }
}

/** Bad input: nothing was sent. `field` names the flag or field, the message states the rule. */
export class UsageError extends PaygateError {
  constructor(message: Message, details: ErrorDetails = {}, nextStep?: NextStep) {
    super(message, ExitCode.Usage, { type: 'usage_error', ...details }, nextStep);
  }
}

/**
 * stdout refused the output (a full disk: ENOSPC; not EPIPE, a reader that left): the output is
 * lost, so the run cannot end 0, which says it is complete (README, Exit codes). What the command did
 * (a payout made) stands: said so, not as a bug.
 */
export class OutputLostError extends PaygateError {
  constructor(cause: unknown) {
    const code = (cause as { code?: unknown } | undefined)?.code;
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(sayCommon('outputNotWritten', { reason }), ExitCode.Internal, {
      type: 'output_error',
      code: typeof code === 'string' ? code : undefined,
    });
  }
}

/** A missing key or profile: exit 4 like a 401, since the fix is the same (log in). */
export class NotConfiguredError extends PaygateError {
  constructor(message: Message, hint?: string, nextStep?: NextStep) {
    super(message, ExitCode.Auth, { type: 'not_configured', hint }, nextStep);
  }
}

/** A watch/wait that ended on a final status that is not a success (exit 7). */
export class FinalStatusError extends PaygateError {
  constructor(message: Message, details: ErrorDetails = {}) {
    super(message, ExitCode.FinalNotSuccess, { type: 'final_status', ...details });
  }
}

/** A watch/wait whose --timeout ran out while still pending (exit 8). */
export class StillPendingError extends PaygateError {
  constructor(message: Message, details: ErrorDetails = {}) {
    super(message, ExitCode.StillPending, { type: 'still_pending', ...details });
  }
}

/** Ctrl-C (exit 130); `hint` says how to resume. */
export class InterruptedError extends PaygateError {
  constructor(message = sayCommon('interrupted'), hint?: string) {
    super(message, ExitCode.Interrupted, { type: 'interrupted', hint });
  }
}

/**
 * The person said No at a question, or pressed Ctrl-C in one: nothing was done, and nothing went
 * wrong. Printed as a plain line, not an `error:` (exit 2 for No, 130 for Ctrl-C).
 */
export class CancelledError extends PaygateError {
  constructor(message = sayCommon('cancelledNothingSent'), exitCode: ExitCode = ExitCode.Usage) {
    super(message, exitCode, { type: 'cancelled' });
  }
}

/** A refusal decided locally that the API would also refuse (e.g. balance too low): exit 3. */
export class RefusedError extends PaygateError {
  constructor(message: Message, details: ErrorDetails = {}) {
    super(message, ExitCode.ApiRefused, { type: 'refused', ...details });
  }
}

/**
 * What was read is printed, but the gateway's answers could not be read to the end: a bound such
 * as --max-pages, or paging that paygate cannot drive (exit 10). A look-up that did not search the
 * whole list ends here, never with "not found".
 */
export class IncompleteError extends PaygateError {
  constructor(message: Message, details: ErrorDetails = {}) {
    super(message, ExitCode.Incomplete, { type: 'incomplete', ...details });
  }
}
