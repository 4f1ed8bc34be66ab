// `scripts/build.mjs --executable-parts` is what the single executable holds (scripts/package.mjs):
// its main script, a loader that can require Node's own modules only, and dist/'s files and V8's
// code cache of each part as assets under the keys of assets.json. The whole program, lazy parts and the catalog's areas included,
// must run from those assets alone, with no node_modules and no dist/ anywhere near it. Building
// the executable itself takes Node 24 and postject (scripts/package-smoke.sh runs it): here the
// main script runs on this Node, with a preload standing in for the executable's assets.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { ensureBuilt, repoRoot } from '../helpers/spawn-cli.js';

let work: string;
let standIn: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'paygate-executable-parts-'));
  // Made from the dist/ the other tests run, without building it again under them.
  ensureBuilt();
  execFileSync(
    process.execPath,
    [join(repoRoot, 'scripts', 'build.mjs'), '--executable-parts', join(work, 'executable'), '--from-dist'],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // node:sea's getAsset as the executable answers it: the file assets.json gives the key, or
  // Node's error for a key that is not an asset.
  standIn = join(work, 'assets-stand-in.cjs');
  writeFileSync(
    standIn,
    `const assets = require(${JSON.stringify(join(work, 'executable', 'assets.json'))});
require('node:sea').getAsset = (key, encoding) => {
  if (!Object.hasOwn(assets, key)) throw Object.assign(new Error('No matching asset found'), { code: 'ERR_SINGLE_EXECUTABLE_APPLICATION_ASSET_NOT_FOUND' });
  return require('node:fs').readFileSync(assets[key], encoding);
};
`,
  );
});

function run(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ['-r', standIn, join(work, 'executable', 'main.cjs'), ...args], {
    cwd: work,
    encoding: 'utf8',
    env: { PATH: '', HOME: work, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the single executable’s parts', () => {
  it('are a main script, the files of dist/ as assets, and their list', () => {
    expect(readdirSync(join(work, 'executable')).sort()).toEqual(['assets.json', 'main.cjs', 'parts']);
    const assets = JSON.parse(readFileSync(join(work, 'executable', 'assets.json'), 'utf8'));
    expect(Object.keys(assets)).toEqual(
      expect.arrayContaining(['main.js', 'start.js', 'text/en/common.json']),
    );
    const parts = Object.keys(assets).filter((key) => key.endsWith('.js'));
    expect(parts.filter((key) => key.startsWith('chunks/')).length).toBeGreaterThan(10);
    // Each with V8's code cache of it, made here by this Node (the executable's own, in a package).
    for (const key of parts) expect(assets).toHaveProperty([`${key}.v8-cache`]);
    // The main script is the loader alone: the program is in the parts.
    expect(readFileSync(join(work, 'executable', 'main.cjs'), 'utf8').length).toBeLessThan(4_000);
  });

  it('run the version, a local command in both languages and the demo (sandbox, QR, webhooks)', () => {
    expect(run(['--version'])).toEqual({ code: 0, stdout: `${packageJson.version}\n`, stderr: '' });
    expect(JSON.parse(run(['split', 'preview', '--amount', '100.00', '--json']).stdout)).toMatchObject({
      amount: 10000,
      net: 9601,
    });
    // The catalog's areas (JSON files of dist/text/ beside the npm install) are assets too.
    expect(run(['split', 'preview', '--amount', '100.00'], { PAYGATE_LANG: 'pt-BR' }).stdout).toMatch(
      /^Líquido +R\$ 96,01$/m,
    );
    expect(run(['--no-color', '--version']).stdout.trim()).toBe(packageJson.version);
    const demo = run(['demo', '--no-input']);
    expect(demo.code).toBe(0);
    // The QR code's half blocks: the QR chunk loaded from its asset.
    expect(demo.stdout).toMatch(/[▀▄█]/);
  });

  it('show help and say a usage error in both languages', () => {
    expect(run(['split', '--help']).stdout).toMatch(/^Usage: paygate split/m);
    expect(run(['split', '--help'], { PAYGATE_LANG: 'pt-BR' }).stdout).toMatch(/^Uso: paygate split/m);
    const english = run(['split', 'preview', '--amount', 'ten']);
    expect(english.code).toBe(2);
    expect(english.stdout).toBe('');
    expect(english.stderr).toMatch(/^error: --amount: "ten" is not a money value/);
    const portuguese = run(['split', 'preview', '--amount', 'ten'], { PAYGATE_LANG: 'pt-BR' });
    expect(portuguese.code).toBe(2);
    expect(portuguese.stderr).toMatch(/^erro: --amount: "ten" não é um valor/);
  });
});
