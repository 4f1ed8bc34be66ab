import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { payoutCreate } from '../../../src/commands/payout/create.js';
import { payoutReconcile } from '../../../src/commands/payout/reconcile.js';
import type { FakeContextOptions } from '../../helpers/fake-context.js';
import { accountJournalOf } from '../../helpers/journal.js';
import { englishAfterEachTest, speakPortuguese } from '../../helpers/language.js';
import { createScriptedPrompter } from '../../helpers/prompter.js';
import { run, tempConfigDir } from '../../helpers/run-cli.js';
import { runHandler } from '../../helpers/run-handler.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { apiRequests, balance, fakeTime, fund, latestPayout, payoutPosts, payouts } from './support.js';

// Most tests run `payout create` at the run layer: its handler's parse and run with a fake context
// against the test sandbox (a failure is the error run threw; printing it is the top level's job).
// The whole-CLI runs left are end to end: how a failure is printed (`error: …`, the --json error
// object) and a run spanning several commands as a user types them.

// A run in Portuguese (through the CLI) leaves its language to the handlers run after it.
englishAfterEachTest();

let ts: TestSandbox;
beforeAll(async () => {
  ts = await startTestSandbox();
  await fund(ts, 1_000_000);
});
afterAll(async () => ts.close());

/** The sandbox's environment with a config dir of its own (journal, settings). */
const env = (extra: Record<string, string> = {}) => ({
  ...ts.env,
  PAYGATE_CONFIG_DIR: tempConfigDir(),
  ...extra,
});

/** `paygate payout create ARGV` at the run layer; global flags go in `options.globals`. */
const create = (argv: string[], options: FakeContextOptions = {}) =>
  runHandler(payoutCreate, ['payout', 'create', ...argv], options);

const reconcile = (argv: string[], options: FakeContextOptions = {}) =>
  runHandler(payoutReconcile, ['payout', 'reconcile', ...argv], options);

describe('payout create', () => {
  test('--json prints the payout exactly as the API returned it; the body is what was asked', async () => {
    const posts = payoutPosts(ts);
    const result = await create(['--amount', '12.34', '--yes'], { env: env(), globals: { json: true } });
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout);
    // The balance was read before the POST.
    const paths = ts.sandbox.requests.slice(-2).map((request) => `${request.method} ${request.path}`);
    expect(paths).toEqual(['GET /v1/balance', 'POST /v1/payouts']);
    expect(printed).toMatchObject({ amount: 1234, status: 'pending', pix_key: { type: 'cnpj' } });
    expect(printed.id).toMatch(/^co_/);
    expect(Object.keys(printed)).toEqual(Object.keys((await payouts(ts)).find((p) => p.id === printed.id)!));
    expect(payoutPosts(ts)).toBe(posts + 1);
    const post = ts.sandbox.requests.filter((request) => request.method === 'POST').at(-1)!;
    expect(post.body).toEqual({ amount: 1234 });
  });

  test('for people: amount, status, masked destination, provider, id and how to follow it', async () => {
    const result = await create(['--amount', '1500', '--description', 'weekly', '--yes'], { env: env() });
    expect(result.code).toBe(0);
    const payout = await latestPayout(ts);
    expect(result.stdout).toContain(payout.id);
    expect(result.stdout).toContain('R$ 15,00');
    expect(result.stdout).toMatch(/Destination\s+CNPJ 11\.\*\*\*\.\*\*\*\/\*\*\*\*-81/);
    expect(result.stdout).toMatch(/Provider\s+sandbox-bank-/);
    expect(result.stdout).not.toContain(ts.main.document);
    expect(result.stderr).toContain(`paygate payout watch ${payout.id}`);
  });

  test('flag rules are usage errors (exit 2) and nothing is sent', async () => {
    const before = apiRequests(ts);
    const cases: Array<[string[], RegExp]> = [
      [['--amount', '100', '--all'], /--amount and --all/],
      [[], /--amount or --all is required/],
      [['--amount', '100', '--keep', '10'], /--keep: only with --all/],
      [['--amount', '1.5'], /--amount/],
      [['--amount', '0'], /--amount/],
      [['--amount', '100', '--key', '../x'], /--key/],
      [['--amount', '100', '--timeout', '5m'], /--timeout: only with --wait/],
    ];
    for (const [flags, message] of cases) {
      const result = await create([...flags, '--yes'], { env: env() });
      expect(result.code, flags.join(' ')).toBe(2);
      expect(result.error?.message).toMatch(message);
    }
    expect(apiRequests(ts)).toBe(before);
  });

  test('a balance too low is refused locally (exit 3): only the balance was read', async () => {
    const { available } = await balance(ts);
    const posts = payoutPosts(ts);
    const result = await create(['--amount', String(available + 1), '--yes'], { env: env() });
    expect(result.code).toBe(3);
    expect(result.error?.message).toMatch(
      /insufficient balance: .* requested, .* available; nothing was sent/,
    );
    expect(payoutPosts(ts)).toBe(posts);
  });

  test('--all pays the available balance less --keep; nothing left is exit 3', async () => {
    const local = await startTestSandbox();
    try {
      const available = await fund(local, 10_000);
      const result = await create(['--all', '--keep', '1.00', '--yes'], {
        env: { ...local.env },
        globals: { json: true },
      });
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout).amount).toBe(available - 100);
      expect((await balance(local)).available).toBe(100);
      const again = await create(['--all', '--keep', '1.00', '--yes'], { env: { ...local.env } });
      expect(again.code).toBe(3);
      expect(again.error?.message).toContain('nothing to pay out');
      expect(payoutPosts(local)).toBe(1);
    } finally {
      await local.close();
    }
  });

  test('--max-amount and the payout.max_amount setting refuse larger payouts (exit 3, nothing sent)', async () => {
    const posts = payoutPosts(ts);
    const byFlag = await create(['--amount', '500.00', '--max-amount', '100.00', '--yes'], { env: env() });
    expect(byFlag.code).toBe(3);
    expect(byFlag.error?.message).toContain('above the --max-amount limit of R$ 100,00');
    const configured = env();
    writeFileSync(
      join(configured.PAYGATE_CONFIG_DIR, 'config.json'),
      JSON.stringify({ settings: { 'payout.max_amount': 10_000 } }),
    );
    const bySetting = await create(['--amount', '100.01', '--yes'], { env: configured });
    expect(bySetting.code).toBe(3);
    expect(bySetting.error?.message).toContain('payout.max_amount');
    expect(payoutPosts(ts)).toBe(posts);
    const raised = await create(['--amount', '100.01', '--max-amount', '200.00', '--yes'], {
      env: configured,
    });
    expect(raised.code).toBe(0);
  });

  test('--dry-run shows what would be paid and sends nothing (no --yes needed)', async () => {
    const posts = payoutPosts(ts);
    const { available } = await balance(ts);
    const human = await create(['--amount', '20.00', '--dry-run'], { env: env() });
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/Would pay out\s+R\$ 20,00/);
    expect(human.stderr).toContain('nothing was sent');
    const json = await create(['--amount', '20.00', '--dry-run'], { env: env(), globals: { json: true } });
    expect(JSON.parse(json.stdout)).toMatchObject({
      dry_run: true,
      amount: 2000,
      available,
      balance_after: available - 2000,
    });
    expect(payoutPosts(ts)).toBe(posts);
  });

  test('without a terminal (cron, CI, --no-input) --yes is required: exit 2 at once, no prompt, no request', async () => {
    const before = apiRequests(ts);
    for (const options of [
      {},
      { tty: true, env: env({ CI: '1' }) },
      { tty: true, globals: { input: false } },
    ] satisfies FakeContextOptions[]) {
      const result = await create(['--amount', '100'], { env: env(), ...options });
      expect(result.code).toBe(2);
      expect(result.error?.message).toContain('--yes is required');
    }
    expect(apiRequests(ts)).toBe(before);
  });

  test('on a terminal it asks first; a no sends nothing', async () => {
    const posts = payoutPosts(ts);
    const no = createScriptedPrompter([
      // The amount in figures and in words, before the destination.
      { message: /Pay out R\$ 1,00 \(one real\) to CNPJ 11\.\*\*\*.*Loja Exemplo/, answer: false },
    ]);
    const declined = await create(['--amount', '100'], { env: env(), tty: true, prompter: no });
    no.assertDone();
    expect(declined.code).toBe(2);
    expect(declined.error?.message).toContain('Cancelled: nothing was sent');
    expect(payoutPosts(ts)).toBe(posts);
    const yes = createScriptedPrompter([{ message: 'Pay out R$ 1,00', answer: true }]);
    const accepted = await create(['--amount', '100'], { env: env(), tty: true, prompter: yes });
    yes.assertDone();
    expect(accepted.code).toBe(0);
    expect(payoutPosts(ts)).toBe(posts + 1);
  });

  test('--wait follows the payout: completed exit 0 (--json: the final payout)', async () => {
    const time = fakeTime(async () => {
      const payout = await latestPayout(ts);
      if (payout.status === 'pending') await ts.control(`/_sandbox/payouts/${payout.id}/complete`);
    });
    const result = await create(['--amount', '300', '--yes', '--wait'], {
      env: env(),
      globals: { json: true },
      ...time,
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ amount: 300, status: 'completed' });
  });

  test('--wait: failed is exit 7, still pending at --timeout is exit 8 with the resume command', async () => {
    const failing = fakeTime(async () => {
      const payout = await latestPayout(ts);
      if (payout.status === 'pending')
        await ts.control(`/_sandbox/payouts/${payout.id}/fail`, { reason: 'bank_down' });
    });
    const failed = await run(['payout', 'create', '--amount', '301', '--yes', '--wait', '--json'], {
      env: env(),
      ...failing,
    });
    expect(failed.code).toBe(7);
    expect(JSON.parse(failed.stdout)).toMatchObject({ amount: 301, status: 'failed' });
    expect(JSON.parse(failed.stderr.trim().split('\n').at(-1)!).error).toMatchObject({ exit_code: 7 });

    const time = fakeTime();
    const pending = await create(['--amount', '302', '--yes', '--wait', '--timeout', '10s'], {
      env: env(),
      ...time,
    });
    expect(pending.code).toBe(8);
    const payout = await latestPayout(ts);
    expect(pending.error?.details.hint).toContain(`paygate payout watch ${payout.id}`);
  });
});

describe('payout create --key (journal)', () => {
  test('a rerun prints the payout already made (exit 0) and sends nothing; --json prints it', async () => {
    const shared = env();
    const first = await create(['--amount', '400', '--key', 'sweep-1', '--yes'], {
      env: shared,
      globals: { json: true },
    });
    expect(first.code).toBe(0);
    const made = JSON.parse(first.stdout);
    expect(made.description).toBe('payout sweep-1');
    const posts = payoutPosts(ts);
    const again = await create(['--amount', '400', '--key', 'sweep-1', '--yes'], { env: shared });
    expect(again.code).toBe(0);
    // Made, not "paid": it is still pending.
    expect(again.stderr).toContain(
      `Already made with --key sweep-1: payout ${made.id} (R$ 4,00), pending. Nothing new was sent.`,
    );
    expect(again.stdout).toContain(made.id);
    expect(again.stderr).toMatch(new RegExp(`Follow it with: .*payout watch ${made.id}`));
    await ts.control(`/_sandbox/payouts/${made.id}/process`);
    const processing = await create(['--amount', '400', '--key', 'sweep-1', '--yes'], { env: shared });
    expect(processing.code).toBe(0);
    expect(processing.stderr).toContain(
      `Already made with --key sweep-1: payout ${made.id} (R$ 4,00), processing. Nothing new was sent.`,
    );
    const json = await create(['--amount', '400', '--key', 'sweep-1', '--yes'], {
      env: shared,
      globals: { json: true },
    });
    expect(JSON.parse(json.stdout).id).toBe(made.id);
    expect(payoutPosts(ts)).toBe(posts);
    // Once it has ended, a rerun shows it and suggests no watch: there is nothing left to follow.
    await ts.control(`/_sandbox/payouts/${made.id}/complete`);
    const completed = await create(['--amount', '400', '--key', 'sweep-1', '--yes'], { env: shared });
    expect(completed.code).toBe(0);
    expect(completed.stderr).toContain(`payout ${made.id} (R$ 4,00), completed. Nothing new was sent.`);
    expect(completed.stderr).not.toContain('Follow it with');
    const other = await create(['--amount', '401', '--key', 'sweep-1', '--yes'], { env: shared });
    expect(other.code).toBe(3);
    expect(other.error?.details.hint).toContain('a new payout needs a new --key');
    const journal = await accountJournalOf(shared);
    expect(await journal.read('sweep-1')).toMatchObject({ state: 'done', made: { id: made.id } });
  });

  test.each(['500', '503'])(
    'a %s after the gateway made the payout is outcome-unknown (exit 9), never `rejected`: the rerun refuses, reconcile finds it, one payout',
    async (kind) => {
      const shared = env();
      const key = `rej-${kind}`;
      await ts.control('/_sandbox/faults', { route: 'POST /v1/payouts', kind, when: 'after' });
      const posts = payoutPosts(ts);
      const failed = await create(['--amount', '500', '--key', key, '--yes'], { env: shared });
      expect(failed.code).toBe(9);
      expect(failed.error?.details.hint).toContain(`paygate payout reconcile --key ${key}`);
      const journal = await accountJournalOf(shared);
      expect((await journal.read(key))?.state).toBe('unknown');
      const rerun = await create(['--amount', '500', '--key', key, '--yes'], { env: shared });
      expect(rerun.code).toBe(9);
      expect(payoutPosts(ts)).toBe(posts + 1);
      const reconciled = await reconcile(['--key', key], { env: shared, globals: { json: true } });
      expect(reconciled.code).toBe(0);
      expect((await payouts(ts)).filter((payout) => payout.description === `payout ${key}`)).toHaveLength(1);
    },
  );

  test('an answer lost after the gateway processed the POST: exit 9, reruns refuse until reconcile settles it', async () => {
    const shared = env();
    await ts.control('/_sandbox/faults', { route: 'POST /v1/payouts', kind: 'drop', when: 'after' });
    const posts = payoutPosts(ts);
    const lost = await run(['payout', 'create', '--amount', '600', '--key', 'lost', '--yes'], {
      env: shared,
    });
    expect(lost.code).toBe(9);
    expect(lost.stderr).toContain('paygate payout reconcile --key lost');
    const journal = await accountJournalOf(shared);
    expect((await journal.read('lost'))?.state).toBe('unknown');

    const rerun = await run(['payout', 'create', '--amount', '600', '--key', 'lost', '--yes'], {
      env: shared,
    });
    expect(rerun.code).toBe(9);
    expect(rerun.stderr).toContain('this run sent nothing');
    expect(payoutPosts(ts)).toBe(posts + 1);

    const reconciled = await run(['payout', 'reconcile', '--key', 'lost', '--json'], { env: shared });
    expect(reconciled.code).toBe(0);
    const entry = JSON.parse(reconciled.stdout);
    const made = (await payouts(ts)).filter((payout) => payout.description === 'payout lost');
    expect(made).toHaveLength(1);
    expect(entry).toMatchObject({ key: 'lost', state: 'done', payout: { id: made[0]!.id } });
    // Where the key stands, not the journal's internals.
    expect(Object.keys(entry).sort()).toEqual(['key', 'note', 'payout', 'state']);

    const after = await run(['payout', 'create', '--amount', '600', '--key', 'lost', '--yes'], {
      env: shared,
    });
    expect(after.code).toBe(0);
    expect(after.stderr).toContain('Already made');
    expect(payoutPosts(ts)).toBe(posts + 1);
  });
});

describe('payout create --wait when the gateway stops answering, or the run is stopped', () => {
  test('at --timeout it says since when the gateway has not answered, in the words payout watch uses', async () => {
    let failing = false;
    const time = fakeTime(async () => {
      // After the first poll, every GET of the payout gets a 503.
      if (!failing) {
        failing = true;
        const { id } = await latestPayout(ts);
        await ts.control('/_sandbox/faults', { route: `GET /v1/payouts/${id}`, kind: '503', count: 1000 });
      }
    });
    try {
      const result = await run(
        ['payout', 'create', '--amount', '303', '--yes', '--wait', '--timeout', '30s', '--interval', '5s'],
        { env: env(), ...time },
      );
      expect(result.code, result.stderr).toBe(8);
      expect(result.stderr).toMatch(
        /error: still pending when the timeout ran out; the gateway has not answered for \d+s \(connection trouble, retrying: /,
      );
    } finally {
      await fetch(`${ts.sandbox.url}/_sandbox/faults`, { method: 'DELETE' });
    }
  });

  test('the same in Portuguese: the status it was last seen in is said in Portuguese', async () => {
    let failing = false;
    const time = fakeTime(async () => {
      if (!failing) {
        failing = true;
        const { id } = await latestPayout(ts);
        await ts.control('/_sandbox/faults', { route: `GET /v1/payouts/${id}`, kind: '503', count: 1000 });
      }
    });
    try {
      const result = await run(
        ['payout', 'create', '--amount', '305', '--yes', '--wait', '--timeout', '30s', '--interval', '5s'],
        { env: { ...env(), PAYGATE_LANG: 'pt-BR' }, ...time },
      );
      expect(result.code, result.stderr).toBe(8);
      expect(result.stderr).toMatch(
        /erro: ainda pendente quando o tempo limite acabou; o gateway não responde há \d+ s \(problema de conexão, tentando de novo: /,
      );
      // The resume command repeats --interval as typed: a flag value, not words.
      expect(result.stderr).toMatch(/dica: retome com: paygate payout watch co_\w+ --interval 5s\n/);
    } finally {
      await fetch(`${ts.sandbox.url}/_sandbox/faults`, { method: 'DELETE' });
    }
  });

  test('stopped (SIGTERM, Ctrl-C) while waiting: says the payout was made, its id, and how to follow it', async () => {
    const stop = new AbortController();
    const time = fakeTime(() => stop.abort());
    const result = await create(['--amount', '304', '--yes', '--wait'], {
      env: env(),
      ...time,
      signal: stop.signal,
    });
    const payout = await latestPayout(ts);
    expect(result.code).toBe(130);
    expect(result.error?.message).toContain(
      `interrupted: payout ${payout.id} was made (this run); only the wait for its outcome stopped.`,
    );
    expect(result.error?.message).not.toContain('nothing was changed');
    expect(result.error?.details.hint).toContain(`paygate payout watch ${payout.id}`);
  });
});

describe('payout create: what a script is told about its key', () => {
  test('the warning without --key reads naturally in Portuguese', async () => {
    await speakPortuguese();
    const unkeyed = await create(['--amount', '3.05', '--yes'], { env: env() });
    expect(unkeyed.stderr.split('\n').filter((line) => line.startsWith('aviso:'))).toEqual([
      'aviso: sem --key, nada impede que este comando, se rodado de novo, transfira outra vez (--key sweep-$(date +%F) torna a repetição segura)',
    ]);
  });

  test('without --key and without a terminal: one warning that a rerun would pay again; with --key none', async () => {
    const unkeyed = await create(['--amount', '3.05', '--yes'], { env: env() });
    expect(unkeyed.code).toBe(0);
    const warnings = unkeyed.stderr.split('\n').filter((line) => line.startsWith('warning:'));
    expect(warnings).toEqual([
      'warning: no --key: nothing stops a rerun of this command from paying again (--key sweep-$(date +%F) makes reruns safe)',
    ]);
    const keyed = await create(['--amount', '305', '--yes', '--key', 'warn-1'], { env: env() });
    expect(keyed.code).toBe(0);
    expect(keyed.stderr).not.toContain('no --key');
    // At a terminal, a person confirms what is paid: no warning.
    const yes = createScriptedPrompter([{ message: 'Pay out', answer: true }]);
    const person = await create(['--amount', '305'], { env: env(), tty: true, prompter: yes });
    expect(person.stderr).not.toContain('no --key');
  });

  test('a rerun of a key whose payout failed says it failed and that a new key pays again (exit 7), not "Already made"', async () => {
    const shared = env();
    const first = await create(['--amount', '306', '--yes', '--key', 'failed-1'], {
      env: shared,
      globals: { json: true },
    });
    const made = JSON.parse(first.stdout);
    await ts.control(`/_sandbox/payouts/${made.id}/fail`, { reason: 'bank_down' });
    const posts = payoutPosts(ts);
    const again = await create(['--amount', '306', '--yes', '--key', 'failed-1'], { env: shared });
    expect(again.code).toBe(7);
    expect(again.stderr).toContain(
      `--key failed-1 made payout ${made.id}, and it failed; this run sent nothing.\n`,
    );
    expect(again.stderr).toContain(
      `payout ${made.id} failed: no money was sent and the amount is back in the available balance; a new --key pays again`,
    );
    expect(again.stdout).toMatch(/^Failure reason\s+bank_down$/m);
    expect(again.stderr).not.toContain('Already made');
    expect(payoutPosts(ts)).toBe(posts);
  });
});

describe('payout create: a key whose payout the gateway forgot', () => {
  test('after `sandbox reset`, a rerun of the key says what happened and how to pay again: exit 3, nothing sent', async () => {
    // A sandbox of its own: the reset must not touch the other tests' payouts.
    const own = await startTestSandbox();
    try {
      await fund(own, 10_000);
      const config = { ...own.env, PAYGATE_CONFIG_DIR: tempConfigDir() };
      const first = await create(['--amount', '3.00', '--key', 'forgotten-1', '--yes'], { env: config });
      expect(first.code, first.failure).toBe(0);
      own.sandbox.reset();
      await fund(own, 10_000);
      const posts = payoutPosts(own);
      for (const wait of [[], ['--wait']]) {
        const again = await create(['--amount', '3.00', '--key', 'forgotten-1', '--yes', ...wait], {
          env: config,
          ...fakeTime(),
        });
        expect(again.code, again.failure).toBe(3);
        expect(again.failure).toMatch(
          /^--key forgotten-1: the journal records payout co_\w+ \(R\$ 3,00\) for this key, but the gateway has no such payout \(404\): it forgot it \(`paygate sandbox reset`\), or it is not the gateway that made it\. Nothing was sent\na key pays once, and the journal keeps it: to pay again, give a new --key/,
        );
        expect(payoutPosts(own)).toBe(posts);
      }
    } finally {
      await own.close();
    }
  });
});
