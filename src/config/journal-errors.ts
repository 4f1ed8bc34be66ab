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
