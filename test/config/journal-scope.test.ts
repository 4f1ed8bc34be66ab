// A key's scope is the account on the gateway, not the spelling of its URL: the API prefix, a
// trailing slash, localhost or 127.0.0.1, the default port and the host's letter case never split
// it; an entry written under an earlier spelling's scope is still found.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FileJournal } from '../../src/config/journal.js';
import { canonicalGateway } from '../../src/config/journal-gateway.js';
import { fund, payoutPosts, payouts } from '../commands/payout/support.js';
import { run, tempConfigDir } from '../helpers/run-cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let ts: TestSandbox;
beforeAll(async () => {
  ts = await startTestSandbox();
  await fund(ts, 1_000_000);
});
afterAll(async () => ts.close());

const pay = (key: string) => ['payout', 'create', '--amount', '3.00', '--key', key, '--yes', '--json'];

describe('canonicalGateway', () => {
  test('one gateway under every spelling; other hosts, ports and schemes stay apart', () => {
    const same = [
      'https://api.example.com',
      'https://api.example.com/',
      'https://API.Example.com/api',
      'https://api.example.com:443/api/',
      'https://api.example.com/v1',
    ];
    expect(new Set(same.map(canonicalGateway))).toEqual(new Set(['https://api.example.com:443']));
    expect(canonicalGateway('http://localhost:8080/api')).toBe(canonicalGateway('http://127.0.0.1:8080'));
    expect(canonicalGateway('http://[::1]:8080')).toBe('http://loopback:8080');
    expect(canonicalGateway('http://api.example.com')).toBe('http://api.example.com:80');
    const apart = [
      'https://api.example.com',
      'http://api.example.com',
      'https://api.example.com:8443',
      'https://sandbox.example.com',
      'http://127.0.0.1:8080',
      'http://127.0.0.1:8081',
    ].map(canonicalGateway);
    expect(new Set(apart).size).toBe(apart.length);
  });
});

describe('payout create --key under several spellings of one gateway', () => {
  test('127.0.0.1, localhost/, LOCALHOST/api: one key, one payout', async () => {
    const configDir = tempConfigDir();
    const port = new URL(ts.url).port;
    const spellings = [
      `http://127.0.0.1:${port}`,
      `http://localhost:${port}/`,
      `http://LOCALHOST:${port}/api`,
      `http://127.0.0.1:${port}/api/`,
    ];
    const posts = payoutPosts(ts);
    const results = [];
    for (const baseUrl of spellings) {
      results.push(
        await run(pay('spelled-1'), {
          env: { ...ts.env, PAYGATE_CONFIG_DIR: configDir, PAYGATE_BASE_URL: baseUrl },
        }),
      );
    }
    expect(results.map((result) => result.code)).toEqual([0, 0, 0, 0]);
    expect(
      results.slice(1).every((result) => result.stderr.includes('Already made with --key spelled-1')),
    ).toBe(true);
    expect(new Set(results.map((result) => JSON.parse(result.stdout).id)).size).toBe(1);
    expect(payoutPosts(ts)).toBe(posts + 1);
  });

  test('an entry under the scope of an earlier spelling is found: paid → printed; sent → exit 9', async () => {
    const configDir = tempConfigDir();
    const env = { ...ts.env, PAYGATE_CONFIG_DIR: configDir };
    const made = JSON.parse(
      (
        await run(
          ['payout', 'create', '--amount', '3.00', '--description', 'payout spelled-old', '--yes', '--json'],
          {
            env,
          },
        )
      ).stdout,
    );
    // As the previous version wrote it: payout-journal/@<hash of the spelled base URL and seller>/.
    const spelled = `${ts.url.replace('127.0.0.1', 'localhost')}/api/v1`;
    const seller = String(ts.main.seller_id);
    const dir = join(
      configDir,
      'payout-journal',
      `@${createHash('sha256').update(`${spelled}\n${seller}`).digest('hex').slice(0, 16)}`,
    );
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'scope.json'), JSON.stringify({ gateway: spelled, seller }));
    const older = new FileJournal(configDir, { directory: dir });
    const at = new Date().toISOString();
    const paid = await older.acquire('spelled-old');
    await paid.begin({ amount: 300, description: 'payout spelled-old', balanceSeen: 1, at });
    await paid.markSent(at, 600_000);
    await paid.markDone(made);
    await paid.release();
    const lost = await older.acquire('spelled-lost');
    await lost.begin({ amount: 300, description: 'payout spelled-lost', balanceSeen: 1, at });
    await lost.markSent(at, 600_000);
    await lost.release();
    const posts = payoutPosts(ts);

    const rerun = await run(pay('spelled-old'), { env });
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(rerun.stderr).toContain('Already made with --key spelled-old');
    expect(JSON.parse(rerun.stdout).id).toBe(made.id);
    const unknown = await run(pay('spelled-lost'), { env });
    expect(unknown.code).toBe(9);
    expect(unknown.stderr).toContain('paygate payout reconcile --key spelled-lost');
    expect(payoutPosts(ts)).toBe(posts);
    expect((await payouts(ts)).filter((payout) => payout.description === 'payout spelled-lost')).toHaveLength(
      0,
    );
  });
});
