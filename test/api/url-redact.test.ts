import { describe, expect, it } from 'vitest';
import { REDACTED, redactBody, redactHeaders, redactJson } from '../../src/api/redact.js';
import { buildPath, categoryKey, normalizeBase, pathId } from '../../src/api/url.js';

describe('normalizeBase', () => {
  it.each([
    ['https://api.example.com', '/v1', 'https://api.example.com', '/v1'],
    ['https://api.example.com/', '/v1', 'https://api.example.com', '/v1'],
    ['https://api.example.com//', '/api/v1', 'https://api.example.com', '/api/v1'],
    ['https://api.example.com/api', '/v1', 'https://api.example.com', '/api/v1'],
    ['https://api.example.com/api/', '/api/v1', 'https://api.example.com', '/api/v1'],
    ['https://api.example.com/api/v1', '/v1', 'https://api.example.com', '/api/v1'],
    ['https://api.example.com/gw', '/v1', 'https://api.example.com', '/gw/v1'],
    ['http://127.0.0.1:4010', 'v1/', 'http://127.0.0.1:4010', '/v1'],
  ])('%s + %s', (baseUrl, prefix, origin, root) => {
    const base = normalizeBase(baseUrl, prefix);
    expect(base.origin).toBe(origin);
    expect(base.root).toBe(root);
  });

  it('rejects a bad prefix', () => {
    expect(() => normalizeBase('https://h', '/v1?x')).toThrow(/API prefix/);
  });

  it('refuses a base URL with credentials without printing the password', () => {
    const refuse = () => normalizeBase('https://ops:hunter2@api.example.com/api');
    expect(refuse).toThrow(
      'invalid base URL "https://ops:***@api.example.com/api": it must not contain a user name',
    );
    expect(refuse).not.toThrow(/hunter2/);
  });
});

describe('buildPath', () => {
  const v1 = normalizeBase('https://h');
  const api = normalizeBase('https://h', '/api/v1');
  it('prefixes resource paths once', () => {
    expect(buildPath(v1, '/charges')).toBe('/v1/charges');
    expect(buildPath(v1, 'charges')).toBe('/v1/charges');
    expect(buildPath(v1, '/v1/charges')).toBe('/v1/charges');
    expect(buildPath(api, '/charges')).toBe('/api/v1/charges');
    expect(buildPath(api, '/v1/charges')).toBe('/api/v1/charges');
    expect(buildPath(api, '/api/v1/charges')).toBe('/api/v1/charges');
  });
  it('merges an inline query with the query object', () => {
    expect(buildPath(v1, '/charges?limit=5', { status: 'paid', page: undefined, x: null })).toBe(
      '/v1/charges?limit=5&status=paid',
    );
  });
  it('refuses full URLs and dot segments', () => {
    expect(() => buildPath(v1, 'https://evil.example/v1/x')).toThrow();
    expect(() => buildPath(v1, '/charges/../payouts')).toThrow();
  });
});

describe('pathId and categoryKey', () => {
  it('encodes ids', () => {
    expect(pathId('ci_abc')).toBe('ci_abc');
    expect(pathId(' a/b ')).toBe('a%2Fb');
    expect(() => pathId('x\ny')).toThrow();
  });
  it('collapses ids into one category', () => {
    const base = normalizeBase('https://h');
    expect(categoryKey('GET', '/v1/charges/ci_abcdefghijkl', base)).toBe('GET /charges/:id');
    expect(categoryKey('GET', '/v1/charges/ci_zzzzzzzzzzzz?x=1', base)).toBe('GET /charges/:id');
    expect(categoryKey('POST', '/v1/charges/ci_abcdefghijkl/refund', base)).toBe('POST /charges/:id/refund');
    expect(categoryKey('GET', '/v1/charges?page=2', base)).toBe('GET /charges');
    expect(categoryKey('GET', '/api/v1/sellers/search?email=a', normalizeBase('https://h', '/api/v1'))).toBe(
      'GET /sellers/search',
    );
    expect(categoryKey('GET', '/v1/webhooks/12345', base)).toBe('GET /webhooks/:id');
  });
});

describe('redaction', () => {
  it('redacts card fields at any depth and keeps an address number', () => {
    const body = {
      card: { number: '4111 1111 1111 1111', cvv: '123', holder_name: 'A', exp_month: 1 },
      card_number: '5555555555554444',
      security_code: '999',
      customer: { address: { street: 'Rua A', number: '123' } },
      list: [{ cvc: '1' }],
    };
    expect(redactJson(body)).toEqual({
      card: { number: REDACTED, cvv: REDACTED, holder_name: 'A', exp_month: 1 },
      card_number: REDACTED,
      security_code: REDACTED,
      customer: { address: { street: 'Rua A', number: '123' } },
      list: [{ cvc: REDACTED }],
    });
    expect(redactJson({ number: '4111111111111111' })).toEqual({ number: REDACTED });
  });

  it('redacts text that is not JSON and removes secrets', () => {
    const out = redactBody('{"number":"4111111111111111","cvv":"123", "x": sk_live_abcdef123456', [
      'sk_live_abcdef123456',
    ]);
    expect(out).not.toContain('4111111111111111');
    expect(out).not.toContain('"123"');
    expect(out).not.toContain('sk_live_abcdef123456');
  });

  it('redacts credential headers', () => {
    expect(redactHeaders({ Authorization: 'Bearer sk_x', accept: 'a', cookie: 'c=1' })).toEqual({
      Authorization: `Bearer ${REDACTED}`,
      accept: 'a',
      cookie: REDACTED,
    });
  });

  it('masks keys for people', () => {});
});
