// Starts and stops a throwaway PostgreSQL server for the tests (Debian's postgresql: initdb into
// a temp dir, pg_ctl start on a free port with its socket in that dir, as the `postgres` user
// when this is root, since the server refuses to run as root). One server serves a whole test run:
// the first test file that needs it starts it and records it in the run's temp dir; the run's
// global teardown (test/global-setup.ts) stops it.
import { execFileSync } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

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
  /** Its temp dir (data, socket, log). */
  dir: string;
}

/**
 * initdb into a temp dir, then pg_ctl start on a free port with its socket in that dir. With
 * `password`, TCP connections need it (scram-sha-256), as on a production server: the URL has it.
 */
async function startPostgres(password?: string): Promise<StartedServer | string> {
  const bin = postgresBin();
  if (!bin)
    return 'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb; apt-get install postgresql)';
  const asRoot = process.getuid?.() === 0;
  // As root the server runs as `postgres`, who cannot enter the suite's private temp dir.
  const dir = mkdtempSync(join(asRoot ? '/tmp' : tmpdir(), 'paygate-postgres-'));
  const port = await freePort();
  try {
    if (asRoot) chownSync(dir, uidOf('postgres'), gidOf('postgres'));
    const passwordFile = join(dir, 'password');
    if (password !== undefined) {
      writeFileSync(passwordFile, `${password}\n`);
      if (asRoot) chownSync(passwordFile, uidOf('postgres'), gidOf('postgres'));
    }
    runAs(asRoot, dir, join(bin, 'initdb'), [
      '-D',
      join(dir, 'data'),
      '-A',
      'trust',
      ...(password !== undefined ? ['--auth-host=scram-sha-256', `--pwfile=${passwordFile}`] : []),
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
    // Over the socket (trusted), so that a password-protected server needs no password here.
    runAs(asRoot, dir, join(bin, 'createdb'), [
      '-h',
      dir,
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
  const userinfo = password !== undefined ? `postgres:${encodeURIComponent(password)}` : 'postgres';
  return { url: `postgres://${userinfo}@127.0.0.1:${port}/paygate_test`, dir };
}

/**
 * A server of the calling test file's own whose TCP connections need `password` (the run's shared
 * server, like CI's, trusts every connection: a wrong password cannot be provoked there). Its URL
 * and `stop`, or why there is none.
 */
export async function passwordPostgres(
  password: string,
): Promise<{ url: string; stop: () => void } | { skipReason: string }> {
  const started = await startPostgres(password);
  if (typeof started === 'string') return { skipReason: started };
  return { url: started.url, stop: () => stopPostgres(started.dir) };
}

/** pg_ctl stop (immediate) and the temp dir removed. */
function stopPostgres(dir: string): void {
  const bin = postgresBin();
  if (!bin) return;
  try {
    runAs(process.getuid?.() === 0, dir, join(bin, 'pg_ctl'), [
      '-D',
      join(dir, 'data'),
      '-m',
      'immediate',
      '-w',
      'stop',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function uidOf(user: string): number {
  return Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
}
function gidOf(user: string): number {
  return Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
}

/** What the run's server is: its URL and dir, or why there is none. */
interface SharedServer {
  url?: string;
  dir?: string;
  skipReason?: string;
}

/** Where a test run records its server (the run's temp dir: TMPDIR, set by the global setup). */
const recordPath = (root = tmpdir()) => join(root, 'postgres-for-tests.json');

/** The run's server: started by the first caller (an exclusive lock dir), waited for by the others. */
export async function sharedPostgres(): Promise<SharedServer> {
  try {
    mkdirSync(join(tmpdir(), 'postgres-for-tests.lock'));
  } catch {
    for (let waited = 0; waited < 60_000; waited += 100) {
      try {
        return JSON.parse(readFileSync(recordPath(), 'utf8')) as SharedServer;
      } catch {
        await delay(100);
      }
    }
    return { skipReason: 'another test file was starting PostgreSQL and did not finish within 60 s' };
  }
  const started = await startPostgres();
  const record: SharedServer = typeof started === 'string' ? { skipReason: started } : started;
  writeFileSync(`${recordPath()}.tmp`, JSON.stringify(record));
  renameSync(`${recordPath()}.tmp`, recordPath());
  return record;
}

/** Global teardown: stops the server a test file started for this run, if any. */
export function stopSharedPostgres(root: string): void {
  let record: SharedServer;
  try {
    record = JSON.parse(readFileSync(recordPath(root), 'utf8')) as SharedServer;
  } catch {
    return;
  }
  if (record.dir) stopPostgres(record.dir);
}
