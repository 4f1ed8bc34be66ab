// A real PostgreSQL server for the shared-journal tests. `.ci/run` starts one and exports
// PAYGATE_TEST_JOURNAL_URL; without it, the first test file that needs one starts one for the
// whole run (test/helpers/postgres-server.ts) where it can, and otherwise the PostgreSQL tests are
// skipped with the reason. Each test gets its own schema (journalUrlFor), so tests never share a
// table.
import pg from 'pg';
import { beforeAll } from 'vitest';
import { sharedPostgres } from './postgres-server.js';

export interface PostgresForTests {
  /** The server's URL (a database of its own), or undefined when there is none. */
  url: string | undefined;
  /** Why there is no server (to print with the skipped tests). */
  skipReason: string | undefined;
}

/**
 * For a test file: the server of PAYGATE_TEST_JOURNAL_URL, or the one this run started. Read
 * `url`/`skipReason` inside tests (they are set in beforeAll).
 */
export function usePostgres(): PostgresForTests {
  const state: PostgresForTests = { url: undefined, skipReason: undefined };
  beforeAll(async () => {
    const given = process.env.PAYGATE_TEST_JOURNAL_URL;
    if (given) {
      state.url = given;
      return;
    }
    const server = await sharedPostgres();
    state.url = server.url;
    state.skipReason = server.url ? undefined : server.skipReason;
  }, 90_000);
  return state;
}

let schemas = 0;

/** A fresh schema on the server, and the journal URL whose tables live in it. */
export async function journalUrlFor(serverUrl: string, label: string): Promise<string> {
  const schema = `t_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${process.pid}_${++schemas}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

/** Runs SQL on a journal URL (its schema), e.g. to read the table as another host would. */
export async function sql<T = Record<string, unknown>>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}
