// What the journal of keyed creates (--key) says when it refuses, cannot be used or describes an
// entry (src/config/journal*.ts). `{command}` is a paygate command line, `{reason}` a file
// system's or a database's own words, both as they are.
import { englishTexts } from '../catalog.js';

const journalEnglish = {
  notAJournalKey:
    '{field}: {key} is not a journal key: use 1 to 100 letters, digits, ".", "_" or "-", starting with a letter or digit (e.g. sweep-2026-11-22)',
  notPostgresUrl: '{field}: must be a PostgreSQL URL, postgres://user@host:port/database (got {value})',

  busy: 'another paygate run with --key {key} is in progress ({who}); this run sent nothing',
  busyHolder: 'pid {pid}, since {at}',
  busyHolderOnHost: 'pid {pid} on {host}, since {at}',
  busyHolderUnknown: 'unknown',
  busySameHostHint: 'wait for it to finish, then run the same command again: it prints the payout it made',
  busyOtherHostHint: 'that run is on another host; if it is gone, remove {path} and run again',
  busyLeaseHint:
    'the journal database frees the key as soon as that run ends (within {seconds} s if its host died): run the same command again then',
  interruptedWaiting: 'interrupted while waiting for the run in progress with --key {key}; nothing was sent.',
  conflict:
    'the journal entry of --key {key} was changed by another run at the same time; this run sent nothing',
  reconcileHint: 'run {command} to see where it stands',

  cannotWrite: 'journal: cannot write {path}: {reason}',
  cannotUse: 'journal: cannot use {path}: {reason}',
  cannotWriteHint:
    'nothing was sent by this run; check the permissions and free space of the config dir (PAYGATE_CONFIG_DIR)',
  unreadableRecordHint:
    'nothing was sent by this run; run {command}: it sets the record aside and settles the key from the gateway',
  inspectFileHint:
    'nothing was sent by this run; inspect the file (its state decides whether a payout may have been made)',
  notValidJson: 'it is not valid JSON',
  notARecord: 'it is not a journal record',
  unreadableNoEarlier:
    'it is unreadable and no earlier record says what this key was for; settle it by hand with --payout-id (or remove the key directory if you know nothing was sent)',
  staleLock: 'cannot remove a stale lock ({reason})',
  noHardLinks:
    'this file system has no hard links (the journal needs them): set PAYGATE_CONFIG_DIR to a local directory',
  unwritableAfterUnknown:
    'the outcome of the previous run with --key {key} is unknown ({state}), and the journal cannot be written ({reason}); this run sent nothing',
  makeWritableHint: 'make the config directory writable again, then run {command}',

  earlierDisagree: '--key {key}: entries from an older paygate disagree ({entries}); nothing was sent',
  earlierDisagreeHint: 'check what this key made on the gateway, then move aside the entries that are not it',
  earlierKindUnclear:
    '--key {key}: an entry from an older paygate ({from}, {state}) does not say whether it was a payout or a charge; nothing was sent',
  earlierKindUnclearHint: 'check {payouts} and {charges} for it, then move {from} aside',

  databaseUnreachable: 'the journal database {where} cannot be reached ({reason}); nothing was sent',
  databaseUnreachableHint:
    'check PAYGATE_JOURNAL_URL (or {command}) and that the database is up, then run the same command again',
  databaseError: 'journal database {where}: {reason}',
  databaseRowNotARecord:
    'journal database {where}: the latest row of --key {key} is not a journal record; nothing was sent',
  inspectRowHint: 'inspect that row: its state decides whether something was made',
  databaseRefused: 'the journal database {where} refused this run: {what} ({reason}); nothing was sent',
  urlIsSetIn: 'PAYGATE_JOURNAL_URL (or {command})',
  wrongPassword: 'wrong password',
  wrongPasswordHint: 'fix the password in {setIn}; running the same command again will not help',
  roleRejected: 'the role may not connect (no such role, or the server does not let it in)',
  roleRejectedHint:
    "check the user in {setIn} and the server's pg_hba.conf; running the same command again will not help",
  noSuchDatabase: 'no such database',
  noSuchDatabaseHint:
    'check the database name in {setIn}, or create it; running the same command again will not help',
  noUsableSchema: 'no schema the role may create the journal table in',
  noUsableSchemaHint:
    'check the schema of search_path in the URL: the role needs USAGE and CREATE on it the first time, then SELECT and INSERT on the table paygate_journal (README, "Several hosts, one journal"); running the same command again will not help',
  missingPrivileges: 'missing privileges',
  missingPrivilegesHint:
    'the role needs USAGE and CREATE on the schema of search_path the first time, then SELECT and INSERT on the table paygate_journal (README, "Several hosts, one journal"); running the same command again will not help',

  // An entry's state in one line (describeState), for messages.
  stateIntent: 'a run recorded its intent and stopped before sending',
  stateSentPayout: 'a run sent the payout request at {at} and stopped before recording the answer',
  stateSentCharge: 'a run sent the charge request at {at} and stopped before recording the answer',
  stateSentCreate: 'a run sent the create request at {at} and stopped before recording the answer',
  stateCreated: 'created: {id}',
  statePaid: 'paid: {id}',
  stateFailedBeforeSend: 'the previous attempt failed before the request left',
  stateFailedBeforeSendBecause: 'the previous attempt failed before the request left ({message})',
  stateRejected: 'the gateway refused the previous attempt',
  stateRejectedBecause: 'the gateway refused the previous attempt ({message})',
  stateUnknown: 'the previous attempt got no usable answer',
  stateUnknownBecause: 'the previous attempt got no usable answer ({message})',
  stateNotSentPayout: 'reconcile found that the previous attempt created no payout',
  stateNotSentCharge: 'reconcile found that the previous attempt created no charge',
} as const;

export type JournalEnglish = typeof journalEnglish;
export const sayJournal = englishTexts('journal', journalEnglish);
