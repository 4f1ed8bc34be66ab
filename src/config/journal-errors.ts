// What the journal of keyed creates refuses or cannot do, as the errors (and exit codes) users see.
import { ExitCode, PaygateError, RefusedError } from '../errors.js';
import { sayJournal } from '../text/en/journal.js';
import type { LockInfo } from './journal-lock.js';

export class JournalBusyError extends RefusedError {
  /** `otherHostHint`: what to do when the holder is on another host. */
  constructor(key: string, holder: LockInfo | undefined, sameHost: boolean, otherHostHint: string) {
    const who = !holder
      ? sayJournal('busyHolderUnknown')
      : sameHost
        ? sayJournal('busyHolder', { pid: holder.pid, at: holder.at })
        : sayJournal('busyHolderOnHost', { pid: holder.pid, host: holder.host, at: holder.at });
    super(sayJournal('busy', { key, who }), {
      type: 'journal_busy',
      code: 'journal_locked',
      hint: sameHost ? sayJournal('busySameHostHint') : otherHostHint,
    });
  }
}

/** Someone else changed the entry between our read and our write: we did not send anything. */
export class JournalConflictError extends PaygateError {
  constructor(key: string, kind: 'payout' | 'charge' = 'payout') {
    super(sayJournal('conflict', { key }), ExitCode.ApiRefused, {
      type: 'journal_conflict',
      hint: sayJournal('reconcileHint', { command: `\`paygate ${kind} reconcile --key ${key}\`` }),
    });
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
      sayJournal(writing ? 'cannotWrite' : 'cannotUse', { path, reason }),
      writing ? ExitCode.Usage : ExitCode.OutcomeUnknown,
      {
        type: 'journal_error',
        hint: writing
          ? sayJournal('cannotWriteHint')
          : reconcile !== undefined
            ? sayJournal('unreadableRecordHint', { command: `\`${reconcile}\`` })
            : sayJournal('inspectFileHint'),
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
  const setIn = sayJournal('urlIsSetIn', { command: '`paygate config set journal.url …`' });
  return new PaygateError(
    sayJournal('databaseRefused', { where, what: sayJournal(refusal.what), reason }),
    refusal.exitCode,
    { type: 'journal_refused', code: refusal.code, hint: sayJournal(refusal.hint, { setIn }) },
  );
}

/** The texts (area journal) of what was refused and of its fix; a hint may name `{setIn}`. */
interface DatabaseRefusal {
  what: 'wrongPassword' | 'roleRejected' | 'noSuchDatabase' | 'noUsableSchema' | 'missingPrivileges';
  hint: `${DatabaseRefusal['what']}Hint`;
  code: string;
  exitCode: ExitCode;
}

const DATABASE_REFUSALS: Record<string, DatabaseRefusal> = {
  '28P01': {
    what: 'wrongPassword',
    code: 'journal_password_rejected',
    exitCode: ExitCode.Auth,
    hint: 'wrongPasswordHint',
  },
  '28000': {
    what: 'roleRejected',
    code: 'journal_role_rejected',
    exitCode: ExitCode.Auth,
    hint: 'roleRejectedHint',
  },
  '3D000': {
    what: 'noSuchDatabase',
    code: 'journal_database_missing',
    exitCode: ExitCode.Usage,
    hint: 'noSuchDatabaseHint',
  },
  // The schema of search_path does not exist, or the role may not use it (no USAGE).
  '3F000': {
    what: 'noUsableSchema',
    code: 'journal_permission_denied',
    exitCode: ExitCode.Auth,
    hint: 'noUsableSchemaHint',
  },
  '42501': {
    what: 'missingPrivileges',
    code: 'journal_permission_denied',
    exitCode: ExitCode.Auth,
    hint: 'missingPrivilegesHint',
  },
};
