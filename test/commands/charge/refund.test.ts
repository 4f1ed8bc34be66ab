import { describe, expect, it } from 'vitest';
import { chargeCancel, chargeRefund } from '../../../src/commands/charge/refund.js';
import { createScriptedPrompter } from '../../helpers/prompter.js';
import { run } from '../../helpers/run-cli.js';
import { runHandler } from '../../helpers/run-handler.js';
import { useTestSandbox } from '../../helpers/sandbox.js';
import { createCharge, getCharge } from './api.js';

const t = useTestSandbox();

async function paidCharge(): Promise<string> {
  const charge = await createCharge(t, { amount: 2500 });
  await t.control(`/_sandbox/charges/${charge.id}/pay`);
  t.sandbox.requests.length = 0;
  return charge.id;
}

const posts = () => t.sandbox.requests.filter((request) => request.method === 'POST');

describe('charge refund', () => {
  it('asks for confirmation on a terminal, showing the amount, then refunds', async () => {
    const id = await paidCharge();
    const prompter = createScriptedPrompter([
      { message: `Refund R$ 25,00 (twenty-five reais) of charge ${id} (paid)`, answer: true },
    ]);
    const result = await runHandler(chargeRefund, ['charge', 'refund', id], {
      env: t.env,
      tty: true,
      prompter,
    });
    prompter.assertDone();
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Status\s+.*refunded/);
    // Broken between words at the terminal's 80 columns.
    expect(result.stderr.replace(/\n {2}/g, ' ')).toContain(
      `Charge ${id}: the gateway accepted the refund; the charge is now refunded.`,
    );
    expect(posts().map((request) => request.path)).toEqual([`/v1/charges/${id}/refund`]);
    expect((await getCharge(t, id)).status).toBe('refunded');
  });

  it('declining sends nothing (exit 2)', async () => {
    const id = await paidCharge();
    const prompter = createScriptedPrompter([{ message: 'Refund', answer: false }]);
    const result = await run(['charge', 'refund', id], { env: t.env, tty: true, prompter });
    prompter.assertDone();
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('Cancelled: not refunded, nothing was sent.\n');
    expect(posts()).toHaveLength(0);
  });

  it('without a terminal, --yes is required and nothing is sent (never a prompt)', async () => {
    const id = await paidCharge();
    const result = await runHandler(chargeRefund, ['charge', 'refund', id], { env: t.env });
    expect(result.code).toBe(2);
    expect(result.error?.message).toContain('--yes is required');
    expect(t.sandbox.requests).toHaveLength(0);
  });

  it('--yes --json refunds without asking and prints the API data', async () => {
    const id = await paidCharge();
    const result = await runHandler(chargeRefund, ['charge', 'refund', id, '--yes'], {
      env: t.env,
      globals: { json: true },
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id, status: 'refunded' });
  });

  it('refunding a pending charge is refused by the gateway (exit 3)', async () => {
    const charge = await createCharge(t);
    const result = await runHandler(chargeRefund, ['charge', 'refund', charge.id, '--yes'], { env: t.env });
    expect(result.code).toBe(3);
    expect(result.error?.message).toContain('only a paid charge can be refunded');
  });

  it('a refund whose answer was lost is exit 9, not retried, with how to check', async () => {
    const id = await paidCharge();
    await t.control('/_sandbox/faults', {
      route: 'POST /v1/charges/:id/refund',
      kind: 'drop',
      when: 'after',
    });
    const result = await run(['charge', 'refund', id, '--yes'], { env: t.env });
    expect(result.code).toBe(9);
    expect(result.stderr).toContain('may or may not have happened');
    expect(result.stderr).toContain(`paygate charge get ${id}`);
    expect(posts()).toHaveLength(1);
  });
});

describe('charge cancel', () => {
  it('cancels a pending charge after confirmation', async () => {
    const charge = await createCharge(t);
    const prompter = createScriptedPrompter([{ message: `Cancel charge ${charge.id}`, answer: true }]);
    const result = await runHandler(chargeCancel, ['charge', 'cancel', charge.id], {
      env: t.env,
      tty: true,
      prompter,
    });
    prompter.assertDone();
    expect(result.code).toBe(0);
    expect((await getCharge(t, charge.id)).status).toBe('failed');
  });

  it('--no-input on a terminal needs --yes', async () => {
    const charge = await createCharge(t);
    const result = await runHandler(chargeCancel, ['charge', 'cancel', charge.id], {
      env: t.env,
      globals: { input: false },
      tty: true,
    });
    expect(result.code).toBe(2);
    expect(result.error?.message).toContain('--yes');
  });

  it('--yes cancels without asking', async () => {
    const charge = await createCharge(t);
    const result = await runHandler(chargeCancel, ['charge', 'cancel', charge.id, '-y'], {
      env: t.env,
      globals: { output: 'ndjson' },
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: charge.id, status: 'failed' });
  });
});
