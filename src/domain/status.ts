// Whether a charge or payout status is final (docs/gateway-api.md, "Statuses"): a CLOSED list of final statuses.
// Every other value, known (`pending`, `processing`, `authorized`) or not (`in_review`,
// `in_analysis`, anything a gateway adds), is not final: a watch shows it as it is and keeps
// waiting. So exit 7 always means "certainly did not succeed", and only then may a script retry
// with a new key. Compared without case: `PAID` is `paid`.
// A gateway's own words (`RECEIVED`, `CONCLUIDA`) count only when the user declared them for the
// profile (docs/gateway-api.md, "Statuses"): they arrive here as StatusWords, parsed once.
import { type Fact, ruleBroken, UsageError } from '../errors.js';

export type StatusOutcome = 'success' | 'failure' | 'in_progress';

/**
 * The statuses paygate names, in the order help and completions list them (the `--status`
 * choices of the lists), each with its outcome. One row per status: a final one says how it ends.
 */
const CHARGE_STATUS_OUTCOMES = {
  pending: 'in_progress',
  authorized: 'in_progress',
  paid: 'success',
  expired: 'failure',
  failed: 'failure',
  refunded: 'failure',
} as const satisfies Readonly<Record<string, StatusOutcome>>;

const PAYOUT_STATUS_OUTCOMES = {
  pending: 'in_progress',
  processing: 'in_progress',
  completed: 'success',
  failed: 'failure',
} as const satisfies Readonly<Record<string, StatusOutcome>>;

export type ChargeStatus = keyof typeof CHARGE_STATUS_OUTCOMES;
export type PayoutStatus = keyof typeof PAYOUT_STATUS_OUTCOMES;
export const CHARGE_STATUSES = Object.keys(CHARGE_STATUS_OUTCOMES) as readonly ChargeStatus[];
export const PAYOUT_STATUSES = Object.keys(PAYOUT_STATUS_OUTCOMES) as readonly PayoutStatus[];

/** How a final status ends: the outcomes that end a watch. */
export type FinalOutcome = Exclude<StatusOutcome, 'in_progress'>;

function statusesEndingIn<Status extends string>(
  list: Readonly<Record<Status, StatusOutcome>>,
  outcome: FinalOutcome,
): readonly Status[] {
  return (Object.keys(list) as Status[]).filter((status) => list[status] === outcome);
}

/**
 * The charge statuses that end with `outcome`, in the table's order: what help, the README and
 * docs say exit 0 and exit 7 mean (`failure`: expired, failed, refunded).
 */
export function chargeStatusesEndingIn(outcome: FinalOutcome): readonly ChargeStatus[] {
  return statusesEndingIn(CHARGE_STATUS_OUTCOMES, outcome);
}

/** The payout statuses that end with `outcome`, in the table's order (`success`: completed). */
export function payoutStatusesEndingIn(outcome: FinalOutcome): readonly PayoutStatus[] {
  return statusesEndingIn(PAYOUT_STATUS_OUTCOMES, outcome);
}

/**
 * The one way a status from a gateway is compared: a string, trimmed, in lower case (`FAILED`,
 * `Completed`); undefined for anything else (an object, a number), which matches no status.
 */
export function statusKey(status: unknown): string | undefined {
  return typeof status === 'string' ? status.trim().toLowerCase() : undefined;
}

/** Whether a status from a gateway is `known` (a lower-case name), in any letter case. */
export function isStatus(status: unknown, known: string): boolean {
  return statusKey(status) === known;
}

/**
 * The words a gateway uses for the API's statuses, as declared for a profile: each word in lower
 * case → the status it reads as. Empty when nothing is declared (the safe behaviour: every
 * other word is not final).
 */
export type StatusWords<Status extends string = string> = ReadonlyMap<string, Status>;

export const NO_STATUS_WORDS: StatusWords<never> = new Map<string, never>();

/**
 * A declaration `WORD=status,WORD=status` (e.g. `RECEIVED=paid,OVERDUE=expired`) as StatusWords,
 * each target one of `statuses`; refused, naming `setting`: an entry that is not WORD=status, a
 * target that is not one of `statuses`, a word of `statuses` read as another one (`paid=failed`),
 * a word given twice with different targets (in any letter case).
 */
export function parseStatusWords<Status extends string>(
  text: string,
  statuses: readonly Status[],
  setting: string,
): StatusWords<Status> {
  const known = (name: string): name is Status => (statuses as readonly string[]).includes(name);
  const words = new Map<string, Status>();
  const refuse = (reason: Fact) => new UsageError(reason, { field: setting });
  const field = setting;
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) throw refuse(ruleBroken('statusWordsEmpty', { field }));
  for (const entry of entries) {
    const [word, target, ...rest] = entry.split('=').map((part) => part.trim());
    if (!word || !target || rest.length > 0) {
      throw refuse(ruleBroken('statusWordsEntry', { field, entry: JSON.stringify(entry) }));
    }
    const key = word.toLowerCase();
    const status = target.toLowerCase();
    if (!known(status)) {
      throw refuse(
        ruleBroken('statusWordsTarget', {
          field,
          entry: JSON.stringify(entry),
          target: JSON.stringify(target),
          statuses: statuses.join(', '),
        }),
      );
    }
    // `REFUNDED=refunded` says what the API's own word already says, in any case: accepted.
    if (known(key) && key !== status) {
      throw refuse(ruleBroken('statusWordsOwn', { field, word: JSON.stringify(word) }));
    }
    const earlier = words.get(key);
    if (earlier !== undefined && earlier !== status) {
      throw refuse(ruleBroken('statusWordsTwice', { field, word: JSON.stringify(word), earlier, status }));
    }
    words.set(key, status);
  }
  return words;
}

/**
 * The API's status a gateway's status reads as: its declared reading, else itself (trimmed, in
 * lower case); undefined for a status that is not text.
 */
export function readStatus(status: unknown, words: StatusWords = NO_STATUS_WORDS): string | undefined {
  const key = statusKey(status);
  return key === undefined ? undefined : (words.get(key) ?? key);
}

/** The API's status a declared word reads as (`paid` for a declared `RECEIVED`), else undefined. */
export function declaredReading(status: unknown, words: StatusWords): string | undefined {
  const key = statusKey(status);
  return key === undefined ? undefined : words.get(key);
}

function outcomeIn(
  list: Readonly<Record<string, StatusOutcome>>,
  status: unknown,
  words: StatusWords,
): StatusOutcome {
  const key = readStatus(status, words);
  if (key === undefined) return 'in_progress';
  return Object.hasOwn(list, key) ? (list[key] as StatusOutcome) : 'in_progress';
}

/** How a charge status ends: the API's words, and the gateway's words declared for charges. */
export function chargeOutcome(
  status: unknown,
  words: StatusWords<ChargeStatus> = NO_STATUS_WORDS,
): StatusOutcome {
  return outcomeIn(CHARGE_STATUS_OUTCOMES, status, words);
}

/** How a payout status ends: the API's words, and the gateway's words declared for payouts. */
export function payoutOutcome(
  status: unknown,
  words: StatusWords<PayoutStatus> = NO_STATUS_WORDS,
): StatusOutcome {
  return outcomeIn(PAYOUT_STATUS_OUTCOMES, status, words);
}

/**
 * How a status ends whether it is a charge's or a payout's (a table shows either): the final
 * one's outcome, read through the words declared for the table's resource.
 */
export function finalOutcome(status: unknown, words: StatusWords = NO_STATUS_WORDS): StatusOutcome {
  const key = readStatus(status, words);
  const outcome = chargeOutcome(key);
  return outcome === 'in_progress' ? payoutOutcome(key) : outcome;
}
