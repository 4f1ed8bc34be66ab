// The demo as a user runs it: the built binary, no TTY, a fresh config dir it must not touch.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shellQuote } from '../../src/output/format.js';
import { binPath, spawnPaygate } from '../helpers/spawn-cli.js';

describe('paygate demo (built binary)', () => {
  it('tells the whole story and exits 0 within 30 s', async () => {
    const configDir = mkdtempSync(join(tmpdir(), 'paygate-e2e-'));
    const started = Date.now();
    const result = await spawnPaygate(['demo'], {
      env: { PAYGATE_CONFIG_DIR: configDir },
      timeoutMs: 30_000,
    });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/\$ paygate charge create --amount 100\.00/);
    expect(result.stdout).toMatch(/Status +paid/);
    expect(result.stdout).toContain('split part');
    expect(result.stdout).toMatch(/✓ completed: payout co_\w+ \(R\$ [\d.,]+\)/);
    // Spawned as `node bin/paygate.js`, not from PATH: the printed commands say so (they run).
    expect(result.stdout).toContain(`node ${shellQuote(binPath)} login --sandbox`);
    expect(readdirSync(configDir)).toEqual([]);
  }, 40_000);

  it('speaks Portuguese with a Brazilian locale, and so do the commands it runs', async () => {
    const configDir = mkdtempSync(join(tmpdir(), 'paygate-e2e-'));
    const result = await spawnPaygate(['demo'], {
      env: { PAYGATE_CONFIG_DIR: configDir, LANG: 'pt_BR.UTF-8' },
      timeoutMs: 30_000,
    });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^── 1\/8 {2}Quem é quem ──$/m);
    expect(result.stdout).toMatch(/^Cobrança ci_\w+ paga\.$/m);
    expect(result.stdout).toMatch(/^Situação +pago$/m);
    expect(result.stdout).toMatch(/ login --sandbox +entrar nele \(em outro terminal\)$/m);
  }, 40_000);
});
