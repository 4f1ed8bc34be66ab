import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { call, client, start } from './helpers.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

const card = {
  number: '4111 1111 1111 1111',
  holder_name: 'Maria Silva',
  exp_month: 12,
  exp_year: 2099,
  cvv: '123',
};

describe('seeded sellers', () => {
  it('are the seven of src/sandbox/README.md, main first, with well-formed keys', () => {
    expect(sb.sellers.map((s) => s.seller_id)).toEqual([1001, 1002, 1003, 1004, 1005, 1006, 1007]);
    const [main] = sb.sellers;
    expect(main).toMatchObject({
      person_type: 'PJ',
      status: 'active',
      compliance_status: 'approved',
      pix_enabled: true,
    });
    expect(sb.sellers.find((s) => s.compliance_status === 'pending')?.seller_id).toBe(1004);
    expect(sb.sellers.find((s) => s.status === 'inactive')?.seller_id).toBe(1005);
    expect(sb.sellers.find((s) => !s.pix_enabled)?.seller_id).toBe(1006);
    expect(sb.sellers.find((s) => s.person_type === 'PF')?.seller_id).toBe(1007);
    for (const seller of sb.sellers) {
      expect(seller.secret_key).toMatch(/^sk_test_[A-Za-z0-9]{24}$/);
      expect(seller.public_key).toMatch(/^pk_test_[A-Za-z0-9]{24}$/);
    }
    expect(new Set(sb.sellers.map((s) => s.secret_key)).size).toBe(7);
  });

  it('are deterministic with a seed', async () => {
    const again = await start({ seed: 42 });
    try {
      expect(again.sellers.map((s) => s.secret_key)).toEqual(sb.sellers.map((s) => s.secret_key));
    } finally {
      await again.close();
    }
  });
});

describe('authentication (ERRORS.md)', () => {
  it('401 missing_api_key without Authorization', async () => {
    const response = await call(sb, 'GET', '/v1/account');
    expect(response.status).toBe(401);
    expect(response.json).toEqual({
      success: false,
      error: { type: 'authentication_error', code: 'missing_api_key', message: expect.any(String) },
    });
    expect(response.headers.get('x-ratelimit-limit')).toBe('5000');
  });

  it('401 invalid_authorization_header when not a Bearer token', async () => {
    const response = await call(sb, 'GET', '/v1/account', {
      headers: { authorization: `Basic ${sb.sellers[0]!.secret_key}` },
    });
    expect(response.status).toBe(401);
    expect(response.json.error.code).toBe('invalid_authorization_header');
  });

  it('401 invalid_api_key for an unknown key', async () => {
    const response = await call(sb, 'GET', '/v1/balance', { key: 'sk_test_nope' });
    expect(response.status).toBe(401);
    expect(response.json.error).toMatchObject({ type: 'authentication_error', code: 'invalid_api_key' });
  });

  it('401 secret_key_required when a public key is used where the secret key is needed', async () => {
    const response = await call(sb, 'GET', '/v1/charges', { key: sb.sellers[0]!.public_key });
    expect(response.status).toBe(401);
    expect(response.json.error).toMatchObject({ type: 'authentication_error', code: 'secret_key_required' });
  });

  it('403 public_key_required when the secret key is used for card tokenization', async () => {
    const response = await call(sb, 'POST', '/v1/tokens/card', {
      key: sb.sellers[0]!.secret_key,
      body: card,
    });
    expect(response.status).toBe(403);
    expect(response.json.error).toMatchObject({ type: 'permission_error', code: 'public_key_required' });
  });

  it('accepts the public key for tokenization and never returns or records the number', async () => {
    const response = await call(sb, 'POST', '/v1/tokens/card', {
      key: sb.sellers[0]!.public_key,
      body: card,
    });
    expect(response.status).toBe(201);
    expect(response.json.data).toEqual({
      id: expect.stringMatching(/^tok_[A-Za-z0-9]+$/),
      brand: 'visa',
      last4: '1111',
      exp_month: 12,
      exp_year: 2099,
    });
    expect(response.text).not.toContain('4111111111111111');
    const recorded = sb.requests.at(-1)!;
    expect(JSON.stringify(recorded)).not.toMatch(/4111 1111 1111 1111|4111111111111111/);
    expect(recorded.body).toMatchObject({ number: '…1111', cvv: '***' });
    expect(recorded.headers.authorization).toBe(`Bearer pk_…${sb.sellers[0]!.public_key.slice(-4)}`);
  });

  it.each([
    [{ ...card, number: '4111 1111 1111 1112' }, 'invalid_card_number', 'number'],
    [{ ...card, number: '12ab' }, 'invalid_card_number', 'number'],
    [{ ...card, exp_year: 2001 }, 'card_expired', 'exp_year'],
    [{ ...card, exp_month: 13 }, 'invalid_expiry_month', 'exp_month'],
    [{ ...card, cvv: '1' }, 'invalid_cvv', 'cvv'],
    [{ ...card, holder_name: ' ' }, 'invalid_holder_name', 'holder_name'],
    [{ number: card.number }, 'missing_field', 'holder_name'],
  ])('tokenization rejects %j with %s', async (body, code, field) => {
    const response = await call(sb, 'POST', '/v1/tokens/card', { key: sb.sellers[0]!.public_key, body });
    expect(response.status).toBe(400);
    expect(response.json.error).toMatchObject({ type: 'invalid_request_error', code, field });
  });

  it('redacts the secret key in recorded requests', async () => {
    const api = client(sb);
    await api.get('/v1/account');
    const rec = sb.requests.at(-1)!;
    expect(rec.headers.authorization).toBe(`Bearer sk_…${api.key.slice(-4)}`);
    expect(JSON.stringify(sb.requests)).not.toContain(api.key);
  });

  it('each seller sees its own account', async () => {
    const response = await client(sb, 6).get('/v1/account');
    expect(response.json.data).toMatchObject({
      seller_id: 1007,
      person_type: 'PF',
      document: sb.sellers[6]!.document,
      pix_key: { type: 'cpf', value: sb.sellers[6]!.document },
    });
    const main = await client(sb).get('/api/v1/account');
    expect(main.json.data).toEqual({
      seller_id: 1001,
      name: 'Loja Exemplo Ltda',
      email: 'financeiro@lojaexemplo.com.br',
      document: '11222333000181',
      person_type: 'PJ',
      status: 'active',
      compliance_status: 'approved',
      pix_enabled: true,
      pix_key: { type: 'cnpj', value: '11222333000181' },
      default_store_id: 7001,
    });
  });
});

describe('seller search', () => {
  it('finds a seller by e-mail, case-insensitively', async () => {
    const response = await client(sb).get('/v1/sellers/search?email=CONTATO%40parceiroalfa.com.br');
    expect(response.status).toBe(200);
    expect(response.json.data).toMatchObject({
      seller_id: 1002,
      name: 'Parceiro Alfa Ltda',
      email: 'contato@parceiroalfa.com.br',
      status: 'active',
      compliance_status: 'approved',
      pix_enabled: true,
    });
  });

  it('404 seller_not_found when none, 400 without email', async () => {
    const none = await client(sb).get('/v1/sellers/search?email=nobody%40example.com');
    expect(none.status).toBe(404);
    expect(none.json.error).toMatchObject({ type: 'not_found_error', code: 'seller_not_found' });
    const missing = await client(sb).get('/v1/sellers/search');
    expect(missing.status).toBe(400);
    expect(missing.json.error).toMatchObject({ code: 'missing_query_parameter', field: 'email' });
  });
});
