// A real PostgreSQL server for the shared-journal tests. `.ci/run` starts one and exports
// PAYGATE_TEST_JOURNAL_URL; without it, a test file that needs one starts its own the same way
// (Debian's postgresql: initdb into a temp dir, pg_ctl start on a free port, run as the
// `postgres` user when this is root) where it can, and otherwise its PostgreSQL tests are
// skipped with the reason. Each test gets its own schema (journalUrlFor), so tests never share a
// table.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';

export interface PostgresForTests {
  /** The server's URL (a database of its own), or undefined when there is none. */
  url: string | undefined;
  /** Why there is no server (to print with the skipped tests). */
  skipReason: string | undefined;
}

/** The newest Debian PostgreSQL's bin directory, if installed. */
function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

/** Runs a PostgreSQL program as the `postgres` user when this is root (the server refuses root). */
function runAs(asRoot: boolean, cwd: string, program: string, args: string[]): void {
  try {
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', program, ...args], { stdio: 'pipe', cwd });
    else execFileSync(program, args, { stdio: 'pipe', cwd });
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? '').trim();
    throw new Error(`${program.split('/').pop()} failed${stderr ? `: ${stderr.split('\n').pop()}` : ''}`);
  }
}

interface StartedServer {
  url: string;
  stop(): void;
}

/** initdb into a temp dir, then pg_ctl start on a free port with its socket in that dir. */
export async function startPostgres(): Promise<StartedServer | string> {
  const bin = postgresBin();
  if (!bin)
    return 'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb; apt-get install postgresql)';
  const asRoot = process.getuid?.() === 0;
  // As root the server runs as `postgres`, who cannot enter the suite's private temp dir.
  const dir = mkdtempSync(join(asRoot ? '/tmp' : tmpdir(), 'paygate-postgres-'));
  const port = await freePort();
  try {
    if (asRoot) chownSync(dir, uidOf('postgres'), gidOf('postgres'));
    runAs(asRoot, dir, join(bin, 'initdb'), [
      '-D',
      join(dir, 'data'),
      '-A',
      'trust',
      '-U',
      'postgres',
      '--no-sync',
    ]);
    runAs(asRoot, dir, join(bin, 'pg_ctl'), [
      '-D',
      join(dir, 'data'),
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      'start',
    ]);
    runAs(asRoot, dir, join(bin, 'createdb'), [
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-U',
      'postgres',
      'paygate_test',
    ]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return `PostgreSQL could not be started here (${(error as Error).message})`;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/paygate_test`,
    stop() {
      try {
        runAs(asRoot, dir, join(bin, 'pg_ctl'), ['-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function uidOf(user: string): number {
  return Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
}
function gidOf(user: string): number {
  return Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
}

/**
 * For a test file: the server of PAYGATE_TEST_JOURNAL_URL, or one started for this file (stopped
 * after it). Read `url`/`skipReason` inside tests (they are set in beforeAll).
 */
export function usePostgres(): PostgresForTests {
  const state: PostgresForTests = { url: undefined, skipReason: undefined };
  let started: StartedServer | undefined;
  beforeAll(async () => {
    const given = process.env.PAYGATE_TEST_JOURNAL_URL;
    if (given) {
      state.url = given;
      return;
    }
    const result = await startPostgres();
    if (typeof result === 'string') state.skipReason = result;
    else {
      started = result;
      state.url = result.url;
    }
  }, 60_000);
  afterAll(() => started?.stop());
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
