// How a watch or wait begins and ends for a script: `charge create --watch` gives the
// payer's code at once (-o ndjson: the created charge as the first line; --json: on stderr), the
// progress line names the charge, `payout create --wait` shows the payout as it ended (not the
// `pending` it was created as), and every mode ends on a final status line on stderr.
import { describe, expect, it } from 'vitest';
import { chargeCreate } from '../../src/commands/charge/create.js';
import { chargeList } from '../../src/commands/charge/list.js';
import { payoutCreate } from '../../src/commands/payout/create.js';
import { parseBrCode } from '../../src/domain/brcode.js';
import { runHandler } from '../helpers/run-handler.js';
import { useTestSandbox } from '../helpers/sandbox.js';
import { fakeTime, fund, latestPayout } from './payout/support.js';

const t = useTestSandbox();

/** A clock moved by the command's sleeps; at the first sleep, the newest charge is paid. */
function payNewestAtFirstSleep() {
  let now = Date.now();
  let sleeps = 0;
  return {
    clock: { now: () => now },
    sleep: async (ms: number) => {
      now += ms;
      sleeps += 1;
      if (sleeps !== 1) return;
      const list = await runHandler(chargeList, ['charge', 'list', '--limit', '1'], {
        env: t.env,
        globals: { json: true },
      });
      await t.control(`/_sandbox/charges/${JSON.parse(list.stdout)[0].id}/pay`);
    },
  };
}

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1);

describe('charge create --watch in a script', () => {
  it('-o ndjson: the created charge (with its PIX code) is the first line, the paid one the last', async () => {
    const result = await runHandler(chargeCreate, ['charge', 'create', '--amount', '15,00', '--watch'], {
      env: t.env,
      globals: { output: 'ndjson' },
      ...payNewestAtFirstSleep(),
    });
    expect(result.code).toBe(0);
    const lines = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((charge) => charge.status)).toEqual(['pending', 'paid']);
    expect(lines[0].id).toBe(lines[1].id);
    expect(parseBrCode(lines[0].pix.emv).amount).toBe(1500);
    expect(result.stderr).toContain(`✓ Charge ${lines[0].id} created`);
    expect(lastLine(result.stderr)).toBe(`✓ paid: charge ${lines[0].id} (R$ 15,00)`);
  });

  it('--json: one document on stdout (the paid charge); the id and the code on stderr at once', async () => {
    const result = await runHandler(chargeCreate, ['charge', 'create', '--amount', '15,00', '--watch'], {
      env: t.env,
      globals: { json: true },
      ...payNewestAtFirstSleep(),
    });
    expect(result.code).toBe(0);
    const charge = JSON.parse(result.stdout);
    expect(charge.status).toBe('paid');
    const stderr = result.stderr.split('\n');
    expect(stderr[0]).toBe(`✓ Charge ${charge.id} created`);
    expect(stderr[1]).toBe('PIX copy and paste:');
    expect(stderr[2]).toBe(charge.pix.emv);
    expect(lastLine(result.stderr)).toBe(`✓ paid: charge ${charge.id} (R$ 15,00)`);
  });
});

/** The sandbox's newest payout completes at the wait's first sleep. */
const completeAtSleep = () =>
  fakeTime(async () => {
    const payout = await latestPayout(t);
    if (payout.status === 'pending') await t.control(`/_sandbox/payouts/${payout.id}/complete`);
  });

describe('payout create --wait', () => {
  it('shows the payout as it ended, once, and ends on the final status line', async () => {
    await fund(t, 10_000);
    const result = await runHandler(
      payoutCreate,
      ['payout', 'create', '--amount', '1,00', '--yes', '--wait'],
      {
        env: t.env,
        ...completeAtSleep(),
      },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Status\s+completed/);
    expect(result.stdout).not.toMatch(/pending/);
    expect(result.stdout.match(/^ID\s/gm)).toHaveLength(1);
    const id = /^ID\s+(co_\w+)/m.exec(result.stdout)![1];
    expect(result.stderr).toMatch(
      new RegExp(`^Payout ${id}, pending: paid out R\\$ 1,00; R\\$ [\\d.,]+ left available\\.$`, 'm'),
    );
    expect(lastLine(result.stderr)).toBe(`✓ completed: payout ${id} (R$ 1,00)`);
  });

  it('--json: the completed payout on stdout, the final status line last on stderr', async () => {
    await fund(t, 10_000);
    const result = await runHandler(
      payoutCreate,
      ['payout', 'create', '--amount', '1,00', '--yes', '--wait'],
      {
        env: t.env,
        globals: { json: true },
        ...completeAtSleep(),
      },
    );
    expect(result.code).toBe(0);
    const payout = JSON.parse(result.stdout);
    expect(payout.status).toBe('completed');
    expect(lastLine(result.stderr)).toBe(`✓ completed: payout ${payout.id} (R$ 1,00)`);
  });
});
