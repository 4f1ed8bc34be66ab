// A charge or payout status as a person reads it (docs/language.md): the API's statuses in the
// run's language, a word declared for the profile with the status it reads as, any other word as
// it came; a seller's or account's status and compliance status the same way. Only for tables
// and sentences: JSON, CSV and plain keep the gateway's word.
import {
  CHARGE_STATUSES,
  type ChargeStatus,
  declaredReading,
  NO_STATUS_WORDS,
  PAYOUT_STATUSES,
  type PayoutStatus,
  type StatusWords,
  statusKey,
} from '../domain/status.js';
import { sayStatus } from '../text/en/status.js';
import { receivedText } from './format.js';

type ApiStatus = ChargeStatus | PayoutStatus;

const API_STATUSES: ReadonlySet<string> = new Set<ApiStatus>([...CHARGE_STATUSES, ...PAYOUT_STATUSES]);

const isApiStatus = (key: string | undefined): key is ApiStatus => key !== undefined && API_STATUSES.has(key);

/** An API status's name in the run's language (`paid` → `pago`). */
function statusName(status: ApiStatus): string {
  return sayStatus(status);
}

/**
 * `status` for a person: an API status by its name in the run's language (in English the word as
 * the gateway wrote it, `PAID` stays `PAID`), a declared word with its reading (`RECEIVED (pago)`),
 * anything else as it came.
 */
export function statusText(status: string, words: StatusWords = NO_STATUS_WORDS): string {
  const reading = declaredReading(status, words);
  if (isApiStatus(reading)) return sayStatus('withReading', { status, reading: statusName(reading) });
  if (reading !== undefined) return sayStatus('withReading', { status, reading });
  const key = statusKey(status);
  if (!isApiStatus(key)) return status;
  const name = statusName(key);
  // English names are the API's words: the gateway's own spelling of one is kept.
  return name === key ? status : name;
}

/** The words of a seller's or account's `status` and `compliance_status` that paygate names. */
const ACCOUNT_STATUSES = ['active', 'inactive', 'approved', 'pending', 'rejected'] as const;

type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

const ACCOUNT_STATUS_SET: ReadonlySet<string> = new Set<string>(ACCOUNT_STATUSES);

const isAccountStatus = (key: string | undefined): key is AccountStatus =>
  key !== undefined && ACCOUNT_STATUS_SET.has(key);

/**
 * A seller's or account's `status` or `compliance_status` for a person: `active`, `inactive`,
 * `approved`, `pending`, `rejected` in the run's language (in English as the gateway wrote it),
 * any other word as it came, and what is not text (an object, from some gateways) as its JSON.
 */
export function accountStatusText(status: unknown): string {
  if (typeof status !== 'string') return receivedText(status);
  const key = statusKey(status);
  if (!isAccountStatus(key)) return status;
  const name = sayStatus(key);
  return name === key ? status : name;
}
