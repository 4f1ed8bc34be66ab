// The sandbox is the gateway: it answers in English whatever the language of the run that started
// it (`sandbox start`, `demo` in pt-BR), though the rules it checks are the CLI's, which speak the
// run's language (docs/language.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { currentLanguage } from '../../src/text/catalog.js';
import { englishAfterEachTest, speakPortuguese } from '../helpers/language.js';
import { call, client, pixCharge, start } from './helpers.js';

englishAfterEachTest();

// 2026-11-26 12:00 UTC.
const NOW = Date.UTC(2026, 10, 26, 12);
let sb: Sandbox;
beforeAll(async () => {
  sb = await start({ clock: { now: () => NOW } });
});
afterAll(() => sb.close());

describe('a sandbox started in a run that speaks Portuguese', () => {
  it('refuses a charge request in English, and the run still speaks Portuguese', async () => {
    await speakPortuguese();
    const response = await client(sb).post(
      '/v1/charges',
      pixCharge(1000, { customer: { document: '111' }, callback_url: 'ftp://x' }),
    );
    expect(response.status).toBe(400);
    expect(response.json.error).toMatchObject({
      code: 'invalid_document',
      field: 'customer.document',
      message: 'customer.document: "111" is not a valid CPF or CNPJ (check digits)',
    });
    expect(currentLanguage()).toBe('pt-BR');
  });

  it('refuses a boleto with a past due date and a bad split in English', async () => {
    await speakPortuguese();
    const boleto = await client(sb).post('/v1/charges', {
      amount: 1000,
      payment_method: 'boleto',
      customer: { name: 'Ana Lima', document: '52998224725' },
      boleto: { due_date: '2026-11-20' },
    });
    expect(boleto.json.error).toMatchObject({
      code: 'due_date_in_past',
      message: 'boleto.due_date: 2026-11-20 is before today (2026-11-26)',
    });
    const split = await client(sb).post(
      '/v1/charges',
      pixCharge(1000, { split: [{ seller_id: sb.sellers[1]!.seller_id, percentage: 30, amount: 100 }] }),
    );
    expect(split.json.error.message).toMatch(/^split\[0\]: has both a percentage and an amount/);
  });

  it('refuses a card that is not valid in English, an expired one with its own code', async () => {
    await speakPortuguese();
    const tokenOf = (card: Record<string, unknown>) =>
      call(sb, 'POST', '/v1/tokens/card', {
        key: sb.sellers[0]!.public_key,
        body: {
          number: '4111 1111 1111 1111',
          holder_name: 'ANA LIMA',
          exp_month: 12,
          exp_year: 2030,
          cvv: '123',
          ...card,
        },
      });
    expect((await tokenOf({ number: '4111 1111 1111 1112' })).json.error).toMatchObject({
      code: 'invalid_card_number',
      message: 'card number is not valid (its check digit is wrong)',
    });
    expect((await tokenOf({ exp_month: 10, exp_year: 2026 })).json.error).toMatchObject({
      code: 'card_expired',
      message: 'card expired in 10/2026',
    });
  });
});
