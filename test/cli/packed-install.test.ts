// The published package has no runtime dependencies: everything is bundled into dist/ at build
// time (README, "Runtime dependencies"). This packs the package as npm would publish it, installs
// the tarball globally into a temp prefix with no registry at hand, and runs the installed command.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { ensureBuilt, repoRoot } from '../helpers/spawn-cli.js';

/** The npm that runs the tests (`npm test` says where), else the one installed beside this Node. */
function npmCommand(): string[] {
  const besideNode = join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js');
  const script = process.env.npm_execpath?.endsWith('npm-cli.js') ? process.env.npm_execpath : besideNode;
  return existsSync(script) ? [process.execPath, script] : ['npm'];
}

function npm(args: string[], cwd: string): string {
  const [command, ...prefix] = npmCommand();
  return execFileSync(command as string, [...prefix, ...args], {
    cwd,
    encoding: 'utf8',
    // A cache of its own: nothing of the user's npm cache, and nothing left in it.
    env: { ...process.env, npm_config_cache: join(cwd, 'npm-cache'), npm_config_update_notifier: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe('the packed npm package', () => {
  it('declares no runtime dependencies', () => {
    expect((packageJson as { dependencies?: Record<string, string> }).dependencies ?? {}).toEqual({});
  });

  it('installs globally from its tarball as one package, offline, and runs', () => {
    ensureBuilt();
    const work = mkdtempSync(join(tmpdir(), 'paygate-pack-'));
    // dist/ is already built (ensureBuilt): no prepare script rebuilding it under other tests.
    npm(['pack', '--ignore-scripts', '--silent', '--pack-destination', work, repoRoot], work);
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
    expect(tarball).toBe(`paygate-${packageJson.version}.tgz`);

    const prefix = join(work, 'prefix');
    npm(
      [
        'install',
        '-g',
        '--offline',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        '--prefix',
        prefix,
        join(work, tarball as string),
      ],
      work,
    );
    const installed = join(prefix, 'lib', 'node_modules');
    expect(readdirSync(installed)).toEqual(['paygate']);
    expect(existsSync(join(installed, 'paygate', 'node_modules'))).toBe(false);

    const paygate = join(prefix, 'bin', 'paygate');
    const run = (args: string[]) =>
      execFileSync(paygate, args, {
        encoding: 'utf8',
        env: {
          PATH: dirname(process.execPath),
          HOME: work,
          XDG_CACHE_HOME: join(work, 'cache'),
          NO_COLOR: '1',
        },
      });
    expect(run(['--version']).trim()).toBe(packageJson.version);
    const preview = JSON.parse(run(['split', 'preview', '--amount', '100.00', '--json'])) as Record<
      string,
      unknown
    >;
    expect(preview).toMatchObject({ amount: 10000, fee: 399, net: 9601 });
  });
});
