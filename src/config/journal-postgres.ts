// Over 400 lines because it is one store: a key's records and its lease are read and written
// together (the SQL, the heartbeat); the notes below are the design any change must keep.
//
// The journal of keyed creates in PostgreSQL (PAYGATE_JOURNAL_URL or the setting journal.url):
// one journal shared by every host that uses the URL, with the guarantees of the file journal
// (journal-store.ts):
// - a record is one row, committed (the INSERT returns) before the run goes on: the intent before
//   the POST, `sent` right before it;
// - the primary key (gateway, seller, kind, key, seq) is the compare-and-swap: of two runs that
//   read record n, one INSERT of n+1 wins and the other gets nothing back;
// - the run lock is a lease: a row of LEASE_TABLE per key naming its holder (host, pid, a random
//   run id), taken by one atomic INSERT … ON CONFLICT DO UPDATE … WHERE the lease has expired,
//   renewed by a heartbeat while the run lives, and deleted by the run when it ends. Expiry is
//   the database's clock (now()), never a host's. A host that dies leaves a lease that expires
//   within LEASE_MS; one of this machine whose process is gone is taken over at once.
// Why not an advisory lock held by the session: behind a pooler in transaction mode (PgBouncer)
// a session belongs to the pool, not to the host, so such a lock is shared by whichever hosts
// use that server connection and is never released (docs/architecture.md). Every statement here
// is one transaction on its own (or BEGIN … COMMIT on one client), with no session state: no
// SET, no session lock, no named prepared statement (node-postgres parses parameterised queries
// as unnamed statements, which live only until the next query). No advisory lock guards the
// record INSERTs either: the primary key already decides between two writers in one statement.
// The tables are created on first use (see TABLE_DDL, LEASE_DDL; the README documents them). The
// connection string's password never appears in a message: describeJournalUrl drops it, and any
// text from the driver is scrubbed of it.
//
// The `pg` driver is loaded here, and this module only when a journal URL is set, so that no
// other command pays for it at start-up.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Client as PgClient } from 'pg';
import { ExitCode, InterruptedError, PaygateError } from '../errors.js';
import { parseJsonLossless, stringifyJson } from '../json.js';
import { sleep } from '../sleep.js';
import { sayJournal } from '../text/en/journal.js';
import type { EarlierEntry } from './journal.js';
import type { JournalScope } from './journal-account.js';
import {
  JournalBusyError,
  JournalConflictError,
  journalDatabaseRefusal,
  sqlState,
} from './journal-errors.js';
import type { LockInfo } from './journal-lock.js';
import { isRecord, type JournalKind, type JournalRecord, nextRecord } from './journal-records.js';
import { carryOverEarlierEntry, JournalRun } from './journal-run.js';
import type { AcquireOptions, JournalStore, RecordChange } from './journal-store.js';
import { describeJournalUrl } from './journal-url.js';
import { currentMachine, processIsAlive, processStartTime } from './process-identity.js';

export { describeJournalUrl } from './journal-url.js';

export const JOURNAL_TABLE = 'paygate_journal';
export const LEASE_TABLE = 'paygate_journal_lease';
/**
 * How long a lease lasts unless renewed: how long a key stays held after its host died (power,
 * network) or its process was killed on another machine.
 */
export const LEASE_MS = 30_000;
/** A live run renews its lease this often: several renewals may fail before it expires. */
const LEASE_RENEWALS_PER_LEASE = 6;
const LOCK_WAIT_MS = 10_000;
const LOCK_POLL_MS = 200;
const CONNECT_TIMEOUT_MS = 5_000;
/**
 * A database that stops answering must not hold a cron job forever. A query cut off this way may
 * still have been committed: before the POST that leaves at worst a `sent` record for a request
 * never made, which reconcile settles as not sent; it never lets a second request go.
 */
const QUERY_TIMEOUT_MS = 30_000;

/** The table, created on first use by whichever host comes first (see ensureTable). */
export const TABLE_DDL = `CREATE TABLE IF NOT EXISTS ${JOURNAL_TABLE} (
  gateway    text        NOT NULL,
  seller     text        NOT NULL,
  kind       text        NOT NULL CHECK (kind IN ('payout', 'charge')),
  key        text        NOT NULL,
  seq        integer     NOT NULL CHECK (seq > 0),
  state      text        NOT NULL,
  record     jsonb       NOT NULL,
  written_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (gateway, seller, kind, key, seq)
)`;

/**
 * The run lock of each key (see the top of this file), created on first use beside TABLE_DDL, also
 * where the journal table already exists. Rows live only while a run does.
 */
export const LEASE_DDL = `CREATE TABLE IF NOT EXISTS ${LEASE_TABLE} (
  gateway    text        NOT NULL,
  seller     text        NOT NULL,
  kind       text        NOT NULL,
  key        text        NOT NULL,
  run_id     text        NOT NULL,
  host       text        NOT NULL,
  pid        integer     NOT NULL,
  machine    text,
  started    text,
  since      timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (gateway, seller, kind, key)
)`;

/** Secrets of the URL, to scrub from any text the driver gives. */
function secretsOf(url: string): string[] {
  try {
    const parsed = new URL(url);
    const secrets = [parsed.password, decodeURIComponent(parsed.password)];
    for (const [name, value] of parsed.searchParams) if (/pass/i.test(name)) secrets.push(value);
    return secrets.filter((secret) => secret.length > 0);
  } catch {
    return [url];
  }
}

export interface PostgresJournalOptions {
  kind: JournalKind;
  earlier?: (key: string) => EarlierEntry | undefined;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  pid?: number;
  host?: string;
  /** This machine (currentMachine): a lease of a process of the same machine can be checked. */
  machine?: string;
  /** Whether a process of this machine is alive; default `process.kill(pid, 0)`. */
  isAlive?: (pid: number) => boolean;
  /** When process `pid` started, or undefined where that cannot be read; default /proc (Linux). */
  startTimeOf?: (pid: number) => string | undefined;
  /** How long a lease lasts unless renewed (LEASE_MS). */
  leaseMs?: number;
}

/** A row of LEASE_TABLE as read by a run that wants the key. */
interface LeaseRow {
  run_id: string;
  host: string;
  pid: number;
  machine: string | null;
  started: string | null;
  since: Date;
}

/** The lease a run holds: its heartbeat, stopped when the run ends. */
interface HeldLease {
  key: string;
  runId: string;
  heartbeat: NodeJS.Timeout;
}

export class PostgresJournal implements JournalStore {
  readonly kind: JournalKind;
  readonly pid: number;
  readonly host: string;
  readonly location: string;
  readonly #url: string;
  readonly #scope: JournalScope;
  readonly #earlier: ((key: string) => EarlierEntry | undefined) | undefined;
  readonly #now: () => number;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly #machine: string | undefined;
  readonly #isAlive: (pid: number) => boolean;
  readonly #startTimeOf: (pid: number) => string | undefined;
  readonly #leaseMs: number;
  /** The connection of the run in progress (one client; behind a pooler, not one server session). */
  #session: PgClient | undefined;
  #lease: HeldLease | undefined;
  #tableReady = false;

  constructor(url: string, scope: JournalScope, options: PostgresJournalOptions) {
    this.#url = url;
    this.#scope = scope;
    this.kind = options.kind;
    this.#earlier = options.earlier;
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? sleep;
    this.pid = options.pid ?? process.pid;
    this.host = options.host ?? hostname();
    this.#machine = 'machine' in options ? options.machine : currentMachine();
    this.#isAlive = options.isAlive ?? processIsAlive;
    this.#startTimeOf = options.startTimeOf ?? processStartTime;
    this.#leaseMs = options.leaseMs ?? LEASE_MS;
    this.location = `${describeJournalUrl(url)} (table ${JOURNAL_TABLE})`;
  }

  /** Text from the driver, without the URL's secrets. */
  #scrub(text: string): string {
    let clean = text;
    for (const secret of secretsOf(this.#url)) clean = clean.replaceAll(secret, '***');
    return clean;
  }

  #unreachable(error: unknown): PaygateError {
    const reason = this.#scrub(error instanceof Error ? error.message || error.name : String(error));
    const refused = journalDatabaseRefusal(sqlState(error), describeJournalUrl(this.#url), reason);
    if (refused) return refused;
    return new PaygateError(
      sayJournal('databaseUnreachable', { where: describeJournalUrl(this.#url), reason }),
      ExitCode.Network,
      {
        type: 'journal_unreachable',
        code: 'journal_database_unreachable',
        hint: sayJournal('databaseUnreachableHint', { command: '`paygate config get journal.url`' }),
      },
    );
  }

  /** A query's failure, as a journal error (the run has sent nothing unless its records say so). */
  #failed(error: unknown): PaygateError {
    if (error instanceof PaygateError) return error;
    const reason = this.#scrub(error instanceof Error ? error.message : String(error));
    const refused = journalDatabaseRefusal(sqlState(error), describeJournalUrl(this.#url), reason);
    if (refused) return refused;
    return new PaygateError(
      sayJournal('databaseError', { where: describeJournalUrl(this.#url), reason }),
      ExitCode.Network,
      {
        type: 'journal_error',
        code: 'journal_database_error',
      },
    );
  }

  async #connect(): Promise<PgClient> {
    let client: PgClient;
    try {
      const pg = await import('pg');
      const Client = (pg.default ?? pg).Client;
      client = new Client({
        connectionString: this.#url,
        application_name: `paygate ${this.pid}@${this.host}`.slice(0, 63),
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        query_timeout: QUERY_TIMEOUT_MS,
        // A server that vanishes mid-run is noticed (the query fails, nothing more is sent).
        keepAlive: true,
      });
      // A connection that drops while idle emits 'error': the next query reports it.
      client.on('error', () => {});
      await client.connect();
    } catch (error) {
      throw this.#unreachable(error);
    }
    try {
      await this.#ensureTable(client);
    } catch (error) {
      await client.end().catch(() => {});
      throw this.#failed(error);
    }
    return client;
  }

  /**
   * CREATE TABLE IF NOT EXISTS is not safe when two sessions run it at once (one may fail on the
   * catalog's unique index): it runs under a transaction-scoped advisory lock, so hosts take turns
   * (a lock of the transaction, which a pooler keeps on one server connection until COMMIT). A
   * journal made by an earlier version gets its lease table here.
   */
  async #ensureTable(client: PgClient): Promise<void> {
    if (this.#tableReady) return;
    const exists = await client.query(
      'SELECT to_regclass($1) IS NOT NULL AND to_regclass($2) IS NOT NULL AS present',
      [JOURNAL_TABLE, LEASE_TABLE],
    );
    if (!exists.rows[0]?.present) {
      await client.query('BEGIN');
      try {
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${JOURNAL_TABLE} schema`]);
        await client.query(TABLE_DDL);
        await client.query(LEASE_DDL);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      }
    }
    this.#tableReady = true;
  }

  /** Runs `use` on the run's connection, or on a connection of its own closed afterwards. */
  async #withClient<T>(use: (client: PgClient) => Promise<T>): Promise<T> {
    if (this.#session) {
      try {
        return await use(this.#session);
      } catch (error) {
        throw this.#failed(error);
      }
    }
    const client = await this.#connect();
    try {
      return await use(client);
    } catch (error) {
      throw this.#failed(error);
    } finally {
      await client.end().catch(() => {});
    }
  }

  #where(key: string): unknown[] {
    return [this.#scope.gateway, this.#scope.seller, this.kind, key.toLowerCase()];
  }

  async #readHere(client: PgClient, key: string): Promise<JournalRecord | undefined> {
    const result = await client.query(
      `SELECT record::text AS record FROM ${JOURNAL_TABLE} WHERE gateway = $1 AND seller = $2 AND kind = $3 AND key = $4 ORDER BY seq DESC LIMIT 1`,
      this.#where(key),
    );
    const text: unknown = result.rows[0]?.record;
    const record: unknown = typeof text === 'string' ? parseJsonLossless(text) : undefined;
    if (record === undefined) return undefined;
    if (!isRecord(record)) {
      throw new PaygateError(
        sayJournal('databaseRowNotARecord', { where: describeJournalUrl(this.#url), key }),
        ExitCode.OutcomeUnknown,
        { type: 'journal_error', hint: sayJournal('inspectRowHint') },
      );
    }
    return record;
  }

  async read(key: string): Promise<JournalRecord | undefined> {
    const here = await this.#withClient((client) => this.#readHere(client, key));
    return here ?? this.#earlier?.(key)?.entry;
  }

  async hasRecords(key: string): Promise<boolean> {
    return (await this.read(key)) !== undefined;
  }

  async history(key: string): Promise<JournalRecord[]> {
    return this.#withClient(async (client) => {
      const result = await client.query(
        `SELECT record::text AS record FROM ${JOURNAL_TABLE} WHERE gateway = $1 AND seller = $2 AND kind = $3 AND key = $4 ORDER BY seq`,
        this.#where(key),
      );
      return result.rows.map((row) => parseJsonLossless(String(row.record))).filter(isRecord);
    });
  }

  async entries(): Promise<JournalRecord[]> {
    return this.#withClient(async (client) => {
      const result = await client.query(
        `SELECT DISTINCT ON (key) record::text AS record FROM ${JOURNAL_TABLE} WHERE gateway = $1 AND seller = $2 AND kind = $3 ORDER BY key, seq DESC`,
        this.#where('').slice(0, 3),
      );
      return result.rows.map((row) => parseJsonLossless(String(row.record))).filter(isRecord);
    });
  }

  async claimedIds(exceptKey?: string): Promise<Set<string>> {
    const ids = new Set<string>();
    for (const entry of await this.entries()) {
      if (entry.key.toLowerCase() !== exceptKey?.toLowerCase() && entry.made?.id) ids.add(entry.made.id);
    }
    return ids;
  }

  async acquire(key: string, options: AcquireOptions = {}): Promise<JournalRun> {
    if (this.#session) {
      throw new PaygateError('internal: one journal run at a time per store', ExitCode.Internal);
    }
    const session = await this.#connect();
    const waitMs = options.waitMs ?? LOCK_WAIT_MS;
    const pollMs = options.pollMs ?? LOCK_POLL_MS;
    const started = this.#now();
    const runId = randomBytes(12).toString('hex');
    try {
      let stale: string | null = null;
      let since: Date;
      for (;;) {
        const attempt = await this.#takeLease(session, key, runId, stale);
        if (attempt.taken) {
          since = attempt.taken;
          break;
        }
        const holder = attempt.holder;
        // No holder to see: it committed after our statement began (or left already). The next
        // statement sees it as it is now: try again at once.
        if (!holder) continue;
        if (this.#hasEnded(holder)) {
          stale = holder.run_id;
          continue;
        }
        if (this.#now() - started >= waitMs) throw this.busyError(key, lockOf(holder));
        try {
          await this.#sleep(pollMs, options.signal);
        } catch {
          throw new InterruptedError(sayJournal('interruptedWaiting', { key }));
        }
      }
      this.#session = session;
      this.#lease = { key, runId, heartbeat: this.#startHeartbeat(session, key, runId) };
      const mine: LockInfo = { pid: this.pid, host: this.host, token: runId, at: since.toISOString() };
      const entry =
        (await this.#readHere(session, key)) ?? (await carryOverEarlierEntry(this, key, this.#earlier));
      return new JournalRun(this, key, mine, entry, this.kind);
    } catch (error) {
      await this.#endRun(session, key, runId);
      throw this.#failed(error);
    }
  }

  /**
   * One statement: the key's lease, when there is none, it has expired, or it is `stale` (a holder
   * of this machine whose process is gone). Else the holder, as the statement found it.
   */
  async #takeLease(
    client: PgClient,
    key: string,
    runId: string,
    stale: string | null,
  ): Promise<{ taken?: Date; holder?: LeaseRow }> {
    const result = await client.query(
      `WITH taken AS (
         INSERT INTO ${LEASE_TABLE} AS lease
           (gateway, seller, kind, key, run_id, host, pid, machine, started, since, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now(), now() + $10 * interval '1 millisecond')
         ON CONFLICT (gateway, seller, kind, key) DO UPDATE SET
           run_id = excluded.run_id, host = excluded.host, pid = excluded.pid, machine = excluded.machine,
           started = excluded.started, since = excluded.since, expires_at = excluded.expires_at
         WHERE lease.expires_at <= now() OR lease.run_id = $11
         RETURNING since
       )
       SELECT true AS taken, since, NULL AS run_id, NULL AS host, NULL AS pid, NULL AS machine, NULL AS started FROM taken
       UNION ALL
       SELECT false, since, run_id, host, pid, machine, started FROM ${LEASE_TABLE}
        WHERE gateway = $1 AND seller = $2 AND kind = $3 AND key = $4 AND NOT EXISTS (SELECT 1 FROM taken)`,
      [
        ...this.#where(key),
        runId,
        this.host,
        this.pid,
        this.#machine ?? null,
        this.#startTimeOf(this.pid) ?? null,
        this.#leaseMs,
        stale,
      ],
    );
    const row = result.rows[0] as (LeaseRow & { taken: boolean }) | undefined;
    if (!row) return {};
    return row.taken ? { taken: row.since } : { holder: row };
  }

  /**
   * Whether a lease's holder certainly ended: only a process of this machine can be checked (gone,
   * or its pid now another process's); one elsewhere holds until its lease expires.
   */
  #hasEnded(holder: LeaseRow): boolean {
    if (this.#machine === undefined || holder.machine !== this.#machine) return false;
    if (holder.pid !== this.pid && !this.#isAlive(holder.pid)) return true;
    const started = this.#startTimeOf(holder.pid);
    return holder.started !== null && started !== undefined && started !== holder.started;
  }

  /** Renews the lease while the run lives; the timer never keeps the process alive on its own. */
  #startHeartbeat(client: PgClient, key: string, runId: string): NodeJS.Timeout {
    const timer = setInterval(
      () => {
        client
          .query(
            `UPDATE ${LEASE_TABLE} SET expires_at = now() + $6 * interval '1 millisecond'
            WHERE gateway = $1 AND seller = $2 AND kind = $3 AND key = $4 AND run_id = $5`,
            [...this.#where(key), runId, this.#leaseMs],
          )
          // A renewal that fails is tried again at the next beat; the records' compare-and-swap
          // keeps the key safe even if the lease ran out meanwhile.
          .catch(() => {});
      },
      Math.max(1, Math.floor(this.#leaseMs / LEASE_RENEWALS_PER_LEASE)),
    );
    timer.unref();
    return timer;
  }

  /** Ends a run: stops its heartbeat, deletes its lease (if it still has it) and closes its connection. */
  async #endRun(client: PgClient, key: string, runId: string): Promise<void> {
    if (this.#lease?.runId === runId) clearInterval(this.#lease.heartbeat);
    this.#lease = undefined;
    this.#session = undefined;
    try {
      await client.query(
        `DELETE FROM ${LEASE_TABLE} WHERE gateway = $1 AND seller = $2 AND kind = $3 AND key = $4 AND run_id = $5`,
        [...this.#where(key), runId],
      );
    } catch {
      // The database is gone: the lease expires on its own (LEASE_MS).
    }
    await client.end().catch(() => {});
  }

  async publish(key: string, previousSeq: number, record: RecordChange): Promise<JournalRecord> {
    const full = nextRecord(key, previousSeq, record, {
      kind: this.kind,
      pid: this.pid,
      host: this.host,
      now: this.#now(),
    });
    const inserted = await this.#withClient((client) =>
      client.query(
        `INSERT INTO ${JOURNAL_TABLE} (gateway, seller, kind, key, seq, state, record) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT DO NOTHING`,
        // The record's text as received (jsonb keeps a number's written scale: 150.00 stays 150.00).
        [...this.#where(key), full.seq, full.state, stringifyJson(full)],
      ),
    );
    if (inserted.rowCount !== 1) throw new JournalConflictError(key, this.kind);
    return full;
  }

  async release(_key: string, _lock: LockInfo): Promise<void> {
    const session = this.#session;
    const lease = this.#lease;
    if (session && lease) await this.#endRun(session, lease.key, lease.runId);
  }

  /** A run whose lease is held is a live run; one whose lease ended is not: nothing to check here. */
  liveWriterOf(_entry: JournalRecord): LockInfo | undefined {
    return undefined;
  }

  busyError(key: string, holder: LockInfo | undefined): Error {
    return new JournalBusyError(
      key,
      holder,
      holder?.host === this.host,
      sayJournal('busyLeaseHint', { seconds: this.#leaseMs / 1000 }),
    );
  }
}

/** A lease's holder, as messages name it. */
function lockOf(holder: LeaseRow): LockInfo {
  return {
    pid: holder.pid,
    host: holder.host,
    token: holder.run_id,
    at: holder.since instanceof Date ? holder.since.toISOString() : String(holder.since),
  };
}
