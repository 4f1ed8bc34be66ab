// A real PgBouncer in front of the tests' PostgreSQL (test/helpers/postgres.ts), to test the shared
// journal behind a connection pooler: Debian's `pgbouncer` (`.ci/run` installs it and exports
// PAYGATE_TEST_PGBOUNCER, its path; else /usr/sbin/pgbouncer), started on a free port from a temp
// ini file, in transaction or session mode, with a small pool so that hosts share server
// connections, and stopped by its pid. Run as the `postgres` user when this is root (PgBouncer
// refuses root). PgBouncer 1.18 refuses the `options` startup parameter that journalUrlFor uses to
// choose a test's schema, so each pooler serves one schema: its database entry sets search_path on
// every server connection it opens (connect_query) and again after each reset.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

export const POOL_MODES = ['transaction', 'session'] as const;
export type PoolMode = (typeof POOL_MODES)[number];

/** Where PgBouncer is, or undefined when it is not installed. */
export function pgbouncerPath(): string | undefined {
  const candidates = [process.env.PAYGATE_TEST_PGBOUNCER, '/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'];
  return candidates.find((path): path is string => !!path && existsSync(path));
}

export const PGBOUNCER_MISSING =
  'PgBouncer is not installed (no /usr/sbin/pgbouncer; apt-get install pgbouncer, or set PAYGATE_TEST_PGBOUNCER)';

export interface PgBouncer {
  /** The journal URL through the pooler (the schema of the URL it was started for). */
  url: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function idOf(flag: '-u' | '-g', user: string): number {
  return Number(execFileSync('id', [flag, user], { encoding: 'utf8' }).trim());
}

/**
 * PgBouncer in `mode` in front of the server of `journalUrl` (a URL of journalUrlFor: its
 * search_path option names the schema). Throws when it does not start within 5 s.
 */
export async function startPgBouncer(journalUrl: string, mode: PoolMode, poolSize = 2): Promise<PgBouncer> {
  const binary = pgbouncerPath();
  if (!binary) throw new Error(PGBOUNCER_MISSING);
  const server = new URL(journalUrl);
  const schema = /search_path=(\w+)/.exec(server.searchParams.get('options') ?? '')?.[1];
  const database = server.pathname.slice(1);
  const asRoot = process.getuid?.() === 0;
  // As root PgBouncer runs as `postgres`, who cannot enter the suite's private temp dir.
  const dir = mkdtempSync(join('/tmp', 'paygate-pgbouncer-'));
  const ids = asRoot ? { uid: idOf('-u', 'postgres'), gid: idOf('-g', 'postgres') } : {};
  if (asRoot) chownSync(dir, ids.uid!, ids.gid!);
  const port = await freePort();
  const connectQuery = schema ? ` connect_query='SET search_path = ${schema}'` : '';
  const ini = join(dir, 'pgbouncer.ini');
  writeFileSync(
    ini,
    [
      '[databases]',
      `journal = host=${server.hostname} port=${server.port || 5432} dbname=${database} user=${decodeURIComponent(server.username) || 'postgres'}${connectQuery}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      "unix_socket_dir = ''",
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      `pool_mode = ${mode}`,
      `default_pool_size = ${poolSize}`,
      // In session mode a server connection is reset (DISCARD ALL, which also ends session locks)
      // before another client gets it: the schema is chosen again.
      `server_reset_query = DISCARD ALL;${schema ? ` SET search_path = ${schema}` : ''}`,
      'max_client_conn = 500',
      `logfile = ${join(dir, 'log')}`,
      '',
    ].join('\n'),
  );
  // With auth_type = trust PgBouncer still wants the user listed.
  writeFileSync(join(dir, 'users.txt'), `"${decodeURIComponent(server.username) || 'postgres'}" ""\n`);
  const child: ChildProcess = spawn(binary, [ini], { ...ids, stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      process.kill(child.pid, 'SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let waited = 0; !(await accepts(port)); waited += 25) {
    if (waited >= 5_000 || child.exitCode !== null) {
      await stop();
      throw new Error(`PgBouncer did not start on port ${port}`);
    }
    await delay(25);
  }
  const url = new URL(`postgres://127.0.0.1:${port}/journal`);
  url.username = server.username || 'postgres';
  return { url: url.toString(), stop };
}
