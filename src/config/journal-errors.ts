// What the journal of keyed creates refuses or cannot do, as the errors (and exit codes) users see.
import { ExitCode, PaygateError, RefusedError } from '../errors.js';
import type { LockInfo } from './journal-lock.js';

export class JournalBusyError extends RefusedError {
  /** `otherHostHint`: what to do when the holder is on another host. */
  constructor(key: string, holder: LockInfo | undefined, sameHost: boolean, otherHostHint: string) {
    const who = holder
      ? `pid ${holder.pid}${sameHost ? '' : ` on ${holder.host}`}, since ${holder.at}`
      : 'unknown';
    super(`another paygate run with --key ${key} is in progress (${who}); this run sent nothing`, {
      type: 'journal_busy',
      code: 'journal_locked',
      hint: sameHost
        ? 'wait for it to finish, then run the same command again: it prints the payout it made'
        : otherHostHint,
    });
  }
}

/** Someone else changed the entry between our read and our write: we did not send anything. */
export class JournalConflictError extends PaygateError {
  constructor(key: string, kind: 'payout' | 'charge' = 'payout') {
    super(
      `the journal entry of --key ${key} was changed by another run at the same time; this run sent nothing`,
      ExitCode.ApiRefused,
      {
        type: 'journal_conflict',
        hint: `run \`paygate ${kind} reconcile --key ${key}\` to see where it stands`,
      },
    );
  }
}

/**
 * The journal cannot be used. Reading a damaged record: exit 9 (what the key did is unknown).
 * Writing (before anything is sent): exit 2, like an unusable config file.
 */
export class JournalFileError extends PaygateError {
  /** A record that exists but cannot be read (reconcile can set it aside: recoverUnreadable). */
  readonly unreadableRecord: string | undefined;
  /** `reconcile`: for a record that exists but cannot be read, the command that settles its key. */
  constructor(path: string, reason: string, writing = false, reconcile?: string) {
    super(
      `journal: cannot ${writing ? 'write' : 'use'} ${path}: ${reason}`,
      writing ? ExitCode.Usage : ExitCode.OutcomeUnknown,
      {
        type: 'journal_error',
        hint: writing
          ? 'nothing was sent by this run; check the permissions and free space of the config dir (PAYGATE_CONFIG_DIR)'
          : reconcile !== undefined
            ? `nothing was sent by this run; run \`${reconcile}\`: it sets the record aside and settles the key from the gateway`
            : 'nothing was sent by this run; inspect the file (its state decides whether a payout may have been made)',
      },
    );
    this.unreadableRecord = reconcile !== undefined ? path : undefined;
  }
}

/** The SQLSTATE of a PostgreSQL driver's error (`code`), if it has one. */
export function sqlState(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/**
 * What the journal database refuses that no rerun fixes, by SQLSTATE: the URL's password or role
 * (exit 4, like a rejected key), the database it names (exit 2, a configuration to fix), or the
 * role's privileges on the journal table or its schema (exit 4). Undefined for anything else (an
 * unreachable server, a timeout: exit 6, worth another try). `where` is the URL as it may be shown;
 * `reason` the server's words, already scrubbed of the URL's secrets.
 */
export function journalDatabaseRefusal(
  code: string | undefined,
  where: string,
  reason: string,
): PaygateError | undefined {
  const refusal = code === undefined ? undefined : DATABASE_REFUSALS[code];
  if (!refusal) return undefined;
  return new PaygateError(
    `the journal database ${where} refused this run: ${refusal.what} (${reason}); nothing was sent`,
    refusal.exitCode,
    { type: 'journal_refused', code: refusal.code, hint: refusal.hint },
  );
}

const WHERE_SET = 'PAYGATE_JOURNAL_URL (or `paygate config set journal.url …`)';

const DATABASE_REFUSALS: Record<string, { what: string; code: string; exitCode: ExitCode; hint: string }> = {
  '28P01': {
    what: 'wrong password',
    code: 'journal_password_rejected',
    exitCode: ExitCode.Auth,
    hint: `fix the password in ${WHERE_SET}; running the same command again will not help`,
  },
  '28000': {
    what: 'the role may not connect (no such role, or the server does not let it in)',
    code: 'journal_role_rejected',
    exitCode: ExitCode.Auth,
    hint: `check the user in ${WHERE_SET} and the server's pg_hba.conf; running the same command again will not help`,
  },
  '3D000': {
    what: 'no such database',
    code: 'journal_database_missing',
    exitCode: ExitCode.Usage,
    hint: `check the database name in ${WHERE_SET}, or create it; running the same command again will not help`,
  },
  // The schema of search_path does not exist, or the role may not use it (no USAGE).
  '3F000': {
    what: 'no schema the role may create the journal table in',
    code: 'journal_permission_denied',
    exitCode: ExitCode.Auth,
    hint: 'check the schema of search_path in the URL: the role needs USAGE and CREATE on it the first time, then SELECT and INSERT on the table paygate_journal (README, "Several hosts, one journal"); running the same command again will not help',
  },
  '42501': {
    what: 'missing privileges',
    code: 'journal_permission_denied',
    exitCode: ExitCode.Auth,
    hint: 'the role needs USAGE and CREATE on the schema of search_path the first time, then SELECT and INSERT on the table paygate_journal (README, "Several hosts, one journal"); running the same command again will not help',
  },
};
