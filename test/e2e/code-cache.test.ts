// Start-up speed comes from the platform only (bench/CHOICES.md):
// no patched module loader, no V8 flags changed at run time, no code cache of our own; Node's own
// compile cache lives in this user's cache dir, never in the shared temp dir, and is refused when
// others could write to it.
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { binPath, repoRoot, spawnPaygate } from '../helpers/spawn-cli.js';

const hasCompileCache = (() => {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 1);
})();

let root: string;
let sharedTemp: string;
let cacheHome: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'paygate-start-'));
  sharedTemp = join(root, 'tmp');
  cacheHome = join(root, 'cache-home');
  mkdirSync(sharedTemp);
});

async function version(extra: Record<string, string> = {}) {
  const result = await spawnPaygate(['--version'], {
    env: {
      TMPDIR: sharedTemp,
      XDG_CACHE_HOME: cacheHome,
      PAYGATE_CONFIG_DIR: join(root, 'config'),
      ...extra,
    },
  });
  expect(result.stderr).toBe('');
  expect(result.stdout).toBe(`${packageJson.version}\n`);
  expect(result.code).toBe(0);
}

/** Every file below `dir`, relative. */
function filesBelow(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).filter((name) =>
    statSync(join(dir, name)).isFile(),
  );
}

describe('start-up uses the platform only', () => {
  it('neither the entry nor the program patches the loader, changes V8 flags or runs cached code of its own', () => {
    const sources = [
      readFileSync(binPath, 'utf8'),
      ...filesBelow(join(repoRoot, 'dist')).map((name) => readFileSync(join(repoRoot, 'dist', name), 'utf8')),
    ];
    for (const source of sources) {
      expect(source).not.toMatch(/setFlagsFromString|prototype\._compile|cachedData/);
    }
    expect(readFileSync(binPath, 'utf8').split('\n').length).toBeLessThan(40);
  });

  it('writes nothing to the shared temp dir', async () => {
    await version();
    await version();
    expect(filesBelow(sharedTemp)).toEqual([]);
  });

  it.runIf(hasCompileCache)(
    "keeps Node's compile cache in the user's cache dir, mode 0700, and reads it back",
    async () => {
      await version();
      const dir = join(cacheHome, 'paygate', 'compile-cache');
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect(filesBelow(dir).length).toBeGreaterThan(0);
      await version();
    },
  );

  it.runIf(hasCompileCache)('refuses a cache dir that others can write to, and still runs', async () => {
    const dir = join(cacheHome, 'paygate', 'compile-cache');
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o777);
    await version();
    expect(filesBelow(dir)).toEqual([]);
  });

  it.runIf(hasCompileCache)('a corrupted cache changes nothing the program does', async () => {
    await version();
    const dir = join(cacheHome, 'paygate', 'compile-cache');
    for (const name of filesBelow(dir)) writeFileSync(join(dir, name), Buffer.alloc(64, 0xab));
    await version();
  });

  it('NODE_DISABLE_COMPILE_CACHE writes no cache', async () => {
    await version({ NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(() => readdirSync(join(cacheHome, 'paygate', 'compile-cache'))).toThrow();
  });
});
