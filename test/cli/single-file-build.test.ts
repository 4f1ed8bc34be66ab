// `scripts/build.mjs --single-file` is the main script of the single executable
// (scripts/package.mjs), which can require Node's own modules only: the whole program, lazy parts
// included, must run from that one file with no node_modules and no dist/ anywhere near it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { ensureBuilt, repoRoot } from '../helpers/spawn-cli.js';

describe('the single-file build', () => {
  it('runs the version, a local command in both languages and the demo (sandbox, QR, webhooks) from one file alone', () => {
    const work = mkdtempSync(join(tmpdir(), 'paygate-single-file-'));
    const file = join(work, 'paygate.cjs');
    // Bundled from the dist/ the other tests run, without building it again under them.
    ensureBuilt();
    execFileSync(
      process.execPath,
      [join(repoRoot, 'scripts', 'build.mjs'), '--single-file', file, '--from-dist'],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    expect(readdirSync(work)).toEqual(['paygate.cjs']);
    const run = (args: string[], env: Record<string, string> = {}) =>
      execFileSync(process.execPath, [file, ...args], {
        cwd: work,
        encoding: 'utf8',
        env: { PATH: '', HOME: work, NO_COLOR: '1', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    expect(run(['--version']).trim()).toBe(packageJson.version);
    expect(JSON.parse(run(['split', 'preview', '--amount', '100.00', '--json']))).toMatchObject({
      amount: 10000,
      net: 9601,
    });
    // The catalog's areas (JSON files of dist/text/ beside the npm install) are in the file too.
    expect(run(['split', 'preview', '--amount', '100.00'], { PAYGATE_LANG: 'pt-BR' })).toMatch(
      /^Líquido +R\$ 96,01$/m,
    );
    expect(run(['--no-color', '--version']).trim()).toBe(packageJson.version);
    const demo = run(['demo', '--no-input']);
    // The QR code's half blocks: the QR chunk loaded from the same file.
    expect(demo).toMatch(/[▀▄█]/);
  });
});
