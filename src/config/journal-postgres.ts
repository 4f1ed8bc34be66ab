// The journal of keyed creates in PostgreSQL (PAYGATE_JOURNAL_URL or the setting journal.url):
// one journal shared by every host that uses the URL, with the guarantees of the file journal
// (journal-store.ts):
// - a record is one row, committed (the INSERT returns) before the run goes on: the intent before
//   the POST, `sent` right before it;
// - the primary key (gateway, seller, kind, key, seq) is the compare-and-swap: of two runs that
//   read record n, one INSERT of n+1 wins and the other gets nothing back;
// - the run lock is a session advisory lock (pg_try_advisory_lock) on the connection the run
//   keeps open: PostgreSQL releases it when that connection ends, so a host that dies (kill -9,
//   power) frees the key at once and its `sent` record leaves the key unknown for every host
//   until reconcile settles it, from any host.
// The table is created on first use (see TABLE_DDL; the README documents it). The connection
// string's password never appears in a message: describeJournalUrl drops it, and any text from
// the driver is scrubbed of it.
//
// The `pg` driver is loaded here, and this module only when a journal URL is set, so that no
// other command pays for it at start-up.
import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Client as PgClient } from 'pg';
import { ExitCode, InterruptedError, PaygateError } from '../errors.js';
import { parseJsonLossless, stringifyJson } from '../json.js';
import { sleep } from '../sleep.js';
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

export { describeJournalUrl } from './journal-url.js';

export const JOURNAL_TABLE = 'paygate_journal';
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
}

/** The advisory lock of one key: 63 bits of a hash of the table, account, kind and key. */
function lockIdOf(scope: JournalScope, kind: JournalKind, key: string): { high: number; low: number } {
  const digest = createHash('sha256')
    .update(`${JOURNAL_TABLE}\n${scope.gateway}\n${scope.seller}\n${kind}\n${key}`)
    .digest();
  return { high: digest.readUInt32BE(0) & 0x7fffffff, low: digest.readUInt32BE(4) };
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
  /** The connection of the run in progress: it holds the key's advisory lock. */
  #session: PgClient | undefined;
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
      `the journal database ${describeJournalUrl(this.#url)} cannot be reached (${reason}); nothing was sent`,
      ExitCode.Network,
      {
        type: 'journal_unreachable',
        code: 'journal_database_unreachable',
        hint: 'check PAYGATE_JOURNAL_URL (or `paygate config get journal.url`) and that the database is up, then run the same command again',
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
      `journal database ${describeJournalUrl(this.#url)}: ${reason}`,
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
   * catalog's unique index): it runs under a transaction-scoped advisory lock, so hosts take turns.
   */
  async #ensureTable(client: PgClient): Promise<void> {
    if (this.#tableReady) return;
    const exists = await client.query('SELECT to_regclass($1) IS NOT NULL AS present', [JOURNAL_TABLE]);
    if (!exists.rows[0]?.present) {
      await client.query('BEGIN');
      try {
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${JOURNAL_TABLE} schema`]);
        await client.query(TABLE_DDL);
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
        `journal database ${describeJournalUrl(this.#url)}: the latest row of --key ${key} is not a journal record; nothing was sent`,
        ExitCode.OutcomeUnknown,
        { type: 'journal_error', hint: 'inspect that row: its state decides whether something was made' },
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
    try {
      // A host that dies without closing its socket (power, network) is noticed by the server
      // within about a minute, which then frees its lock (the defaults wait two hours).
      await session.query(
        'SET tcp_keepalives_idle = 30; SET tcp_keepalives_interval = 10; SET tcp_keepalives_count = 3',
      );
    } catch {
      // Not a TCP connection (a unix socket): the peer's death is seen at once anyway.
    }
    const { high, low } = lockIdOf(this.#scope, this.kind, key.toLowerCase());
    const waitMs = options.waitMs ?? LOCK_WAIT_MS;
    const pollMs = options.pollMs ?? LOCK_POLL_MS;
    const started = this.#now();
    const mine: LockInfo = {
      pid: this.pid,
      host: this.host,
      token: randomBytes(12).toString('hex'),
      at: new Date(this.#now()).toISOString(),
    };
    try {
      for (;;) {
        const taken = await session.query('SELECT pg_try_advisory_lock($1::int4, $2::int4) AS locked', [
          high,
          low | 0,
        ]);
        if (taken.rows[0]?.locked) break;
        if (this.#now() - started >= waitMs) {
          throw this.busyError(key, await this.#holder(session, high, low | 0));
        }
        try {
          await this.#sleep(pollMs, options.signal);
        } catch {
          throw new InterruptedError(
            `Interrupted while waiting for the run in progress with --key ${key}; nothing was sent.`,
          );
        }
      }
      this.#session = session;
      const entry =
        (await this.#readHere(session, key)) ?? (await carryOverEarlierEntry(this, key, this.#earlier));
      return new JournalRun(this, key, mine, entry, this.kind);
    } catch (error) {
      this.#session = undefined;
      await session.end().catch(() => {});
      throw this.#failed(error);
    }
  }

  /** Who holds a key's lock: the paygate process named by the holding connection, if it can be read. */
  async #holder(client: PgClient, high: number, low: number): Promise<LockInfo | undefined> {
    try {
      const result = await client.query(
        `SELECT a.application_name, a.backend_start FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2 AND l.classid = $1::int4::oid AND l.objid = $2::int4::oid`,
        [high, low],
      );
      const row = result.rows[0] as { application_name?: string; backend_start?: Date } | undefined;
      const match = /^paygate (\d+)@(.*)$/.exec(row?.application_name ?? '');
      if (!row || !match) return undefined;
      return {
        pid: Number(match[1]),
        host: match[2]!,
        token: '',
        at: row.backend_start instanceof Date ? row.backend_start.toISOString() : 'unknown',
      };
    } catch {
      return undefined;
    }
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
    this.#session = undefined;
    // Ending the session releases its advisory lock.
    await session?.end().catch(() => {});
  }

  /** The advisory lock is released when its holder's connection ends: a lock held is a live run. */
  liveWriterOf(_entry: JournalRecord): LockInfo | undefined {
    return undefined;
  }

  busyError(key: string, holder: LockInfo | undefined): Error {
    return new JournalBusyError(
      key,
      holder,
      holder?.host === this.host,
      'the journal database frees the key as soon as that run ends (or its host dies): run the same command again then',
    );
  }
}
