// Issue 17 item 9: the config dir is 0700 and config.json 0600 whatever the umask; a config dir
// that others can write is refused (whoever replaces config.json chooses where keys are sent);
// a read-only config dir is a clear exit 2, never a stack.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shellQuote } from '../../src/output/format.js';
import { immutableWorks } from '../helpers/immutable.js';
import { binPath, ensureBuilt, spawnPaygate, testPath } from '../helpers/spawn-cli.js';

describe('config dir modes', () => {
  it('under umask 000, `config set` makes the dir 0700 and config.json 0600', () => {
    ensureBuilt();
    const dir = join(mkdtempSync(join(tmpdir(), 'paygate-modes-')), 'new', 'paygate');
    const result = spawnSync(
      'sh',
      ['-c', `umask 000 && ${shellQuote(process.execPath)} ${shellQuote(binPath)} config set output json`],
      {
        env: { PATH: testPath(), PAYGATE_CONFIG_DIR: dir, NO_COLOR: '1' },
        encoding: 'utf8',
      },
    );
    expect(result.status, result.stderr).toBe(0);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
  });

  it('a config dir others can write is refused, naming the fix (exit 2)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paygate-shared-'));
    chmodSync(dir, 0o777);
    const result = await spawnPaygate(['config', 'list'], { env: { PAYGATE_CONFIG_DIR: dir } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('can be written by others');
    expect(result.stderr).toContain(`chmod 700 ${dir}`);
  });

  it.runIf(process.getuid?.() !== 0 || immutableWorks())(
    'a read-only config dir: `config set` is a clear exit 2',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'paygate-ro-'));
      mkdirSync(dir, { recursive: true });
      // Root writes through modes: `chattr +i` binds root too.
      const asRoot = process.getuid?.() === 0;
      if (asRoot) {
        chmodSync(dir, 0o700);
        execFileSync('chattr', ['+i', dir]);
      } else chmodSync(dir, 0o500);
      const result = await spawnPaygate(['config', 'set', 'output', 'json'], {
        env: { PAYGATE_CONFIG_DIR: dir },
      });
      if (asRoot) execFileSync('chattr', ['-i', dir]);
      chmodSync(dir, 0o700);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('cannot write the config directory');
      expect(result.stderr).not.toMatch(/\n\s+at /);
    },
  );

  it('a config file that cannot be read or replaced (a directory in its place): exit 2, one line, nothing written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paygate-blocked-'));
    chmodSync(dir, 0o700);
    mkdirSync(join(dir, 'config.json'));
    const result = await spawnPaygate(['config', 'set', 'output', 'json'], {
      env: { PAYGATE_CONFIG_DIR: dir },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: cannot read the config file .*config\.json: EISDIR/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(readdirSync(dir)).toEqual(['config.json']);
  });
});
