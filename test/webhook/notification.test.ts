import { describe, expect, it } from 'vitest';
import { createColors } from '../../src/output/colors.js';
import {
  formatNotification,
  type ReceivedNotification,
  summarizeNotification,
} from '../../src/webhook/notification.js';
import { parseNotificationBody } from '../../src/webhook/receiver.js';

const plain = createColors(false);

const split = [
  { seller_id: 1001, seller_name: 'Loja Exemplo Ltda', amount: 4801, percentage: 50, description: null },
  { seller_id: 1002, seller_name: 'Parceiro Alfa Ltda', amount: 2880, percentage: 30, description: null },
];

function received(body: unknown, extra: Partial<ReceivedNotification> = {}): ReceivedNotification {
  return {
    received_at: new Date(2026, 10, 22, 14, 3, 7).toISOString(),
    method: 'POST',
    path: '/',
    headers: { 'content-type': 'application/json' },
    body,
    ...extra,
  };
}

describe('summarizeNotification', () => {
  it('reads the per-charge callback as charge paid', () => {
    const summary = summarizeNotification({
      id: 'ci_abc',
      status: 'paid',
      amount: 2500,
      txid: 'tx1',
      external_id: 'o-1',
    });
    expect(summary).toMatchObject({
      kind: 'charge paid',
      id: 'ci_abc',
      status: 'paid',
      amount: 2500,
      externalId: 'o-1',
    });
  });

  it("reads the main seller's split payload (with amount) as charge paid with every part", () => {
    const summary = summarizeNotification({ charge_id: 'ci_abc', status: 'paid', amount: 10000, split });
    expect(summary.kind).toBe('charge paid');
    expect(summary.id).toBe('ci_abc');
    expect(summary.split).toHaveLength(2);
  });

  it("reads a partner's payload (no amount) as a split part", () => {
    const summary = summarizeNotification({ charge_id: 'ci_abc', status: 'paid', split: [split[1]] });
    expect(summary).toMatchObject({ kind: 'split part', id: 'ci_abc' });
    expect(summary.split).toEqual([
      { seller_id: 1002, seller_name: 'Parceiro Alfa Ltda', amount: 2880, percentage: 30 },
    ]);
  });

  it('reads payouts by id prefix or event', () => {
    expect(summarizeNotification({ id: 'co_1', status: 'completed', amount: 4000 }).kind).toBe(
      'payout completed',
    );
    expect(summarizeNotification({ event: 'payout.completed', id: 'x', amount: 1 }).kind).toBe(
      'payout completed',
    );
    expect(summarizeNotification({ id: 'co_1', status: 'failed' }).kind).toBe('payout failed');
  });

  it('names other charge statuses, the test event, and anything else unknown', () => {
    expect(summarizeNotification({ id: 'ci_1', status: 'refunded', amount: 1 }).kind).toBe('charge refunded');
    expect(summarizeNotification({ event: 'webhook.test', webhook_id: 'wh_1' })).toMatchObject({
      kind: 'webhook test',
      id: 'wh_1',
    });
    expect(summarizeNotification({ hello: 'world' }).kind).toBe('unknown');
    expect(summarizeNotification('not json').kind).toBe('unknown');
    expect(summarizeNotification([1, 2]).kind).toBe('unknown');
    expect(summarizeNotification(null).kind).toBe('unknown');
  });
});

describe('formatNotification', () => {
  it('shows time, kind, id, status, amount and the split parts aligned', () => {
    const text = formatNotification(
      received({ charge_id: 'ci_abc', status: 'paid', amount: 10000, split }),
      plain,
    );
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe('14:03:07  charge paid       ci_abc  paid  R$ 100,00');
    expect(lines[1]).toBe('    1001 Loja Exemplo Ltda   R$ 48,01  50%');
    expect(lines[2]).toBe('    1002 Parceiro Alfa Ltda  R$ 28,80  30%');
    expect(text.endsWith('\n')).toBe(true);
  });

  it('strips escape sequences and control characters from everything the sender wrote', () => {
    const evil = '\x1b]0;pwned\x07Evil\x1b[31m Corp\r\n';
    const text = formatNotification(
      received(
        {
          charge_id: `ci_${evil}`,
          status: `paid${evil}`,
          amount: '\x1b[2J100',
          split: [{ seller_id: evil, seller_name: evil, amount: 1, percentage: 1 }],
        },
        { path: `/hooks${evil}`, method: 'PUT' },
      ),
      plain,
    );
    expect(text).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f]/);
    expect(text).toContain('Evil Corp');
  });

  it('prints a body that is not a known notification, on one line, and an empty body as such', () => {
    expect(formatNotification(received('{"truncated":'), plain)).toContain('    {"truncated":');
    expect(formatNotification(received({ hello: 'world' }), plain)).toContain('    {"hello":"world"}');
    expect(formatNotification(received(''), plain)).toContain('(empty body)');
    const long = formatNotification(received('x'.repeat(1000)), plain);
    expect(long).toContain('…');
    expect(long.length).toBeLessThan(400);
  });

  it('shows the method and path when they are not POST /', () => {
    const text = formatNotification(
      received({ id: 'ci_1', status: 'paid', amount: 1 }, { path: '/cb?x=1', method: 'PUT' }),
      plain,
    );
    expect(text).toContain('PUT');
    expect(text).toContain('/cb?x=1');
  });

  it('shows where it was forwarded and what the target answered', () => {
    const ok = formatNotification(
      received(
        { id: 'ci_1', status: 'paid', amount: 1 },
        { forwarded: { url: 'http://localhost:3000/h', status: 200 } },
      ),
      plain,
    );
    expect(ok).toContain('→ forwarded to http://localhost:3000/h: 200');
    const down = formatNotification(
      received(
        { id: 'ci_1' },
        { forwarded: { url: 'http://localhost:1/h', status: null, error: 'ECONNREFUSED' } },
      ),
      plain,
    );
    expect(down).toContain('no answer (ECONNREFUSED)');
  });

  it('colours the status when colours are on', () => {
    const text = formatNotification(received({ id: 'ci_1', status: 'paid', amount: 1 }), createColors(true));
    expect(text).toContain('\x1b[32mpaid');
  });
});

describe('parseNotificationBody', () => {
  it('parses JSON and keeps anything else as text', () => {
    expect(parseNotificationBody('{"a":1}')).toEqual({ a: 1 });
    expect(parseNotificationBody('{"a":')).toBe('{"a":');
    expect(parseNotificationBody('')).toBe('');
    expect(parseNotificationBody('id=1&status=paid')).toBe('id=1&status=paid');
  });

  it('keeps number literals as written: a notified 150.00 is shown as received, never R$ 1,50', () => {
    const body = parseNotificationBody(
      '{"charge_id":"ci_abc","status":"PAID","amount":150.00,"split":[{"seller_id":1002,"amount":4999,"percentage":33.33}]}',
    );
    const text = formatNotification(received(body), plain);
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^14:03:07 {2}charge paid\s+ci_abc {2}PAID {2}150\.00 \(unit unknown: amount\)$/,
    );
    expect(lines[1]).toMatch(/^ {4}1002\s+R\$ 49,99\s+33\.33%$/);
    expect(text).not.toContain('R$ 1,50');
  });
});

describe('a notification in another currency', () => {
  it('shows its amount and its split parts as received with the currency, never R$', () => {
    const body = parseNotificationBody(
      '{"charge_id":"ci_abc","status":"paid","amount":15000,"currency":"USD","split":[{"seller_id":1002,"amount":4999}]}',
    );
    const lines = formatNotification(received(body), plain).trimEnd().split('\n');
    expect(lines[0]).toMatch(/ci_abc {2}paid {2}15000 USD \(not reais: amount\)$/);
    expect(lines[1]).toMatch(/^ {4}1002\s+4999 USD \(not reais: split\.amount\)$/);
    expect(lines.join('\n')).not.toContain('R$');
  });

  it('in BRL, in any letter case, it is centavos of reais', () => {
    const body = parseNotificationBody(
      '{"charge_id":"ci_abc","status":"paid","amount":15000,"currency":"brl"}',
    );
    expect(formatNotification(received(body), plain)).toContain('R$ 150,00');
  });
});

describe('formatNotification within a terminal width', () => {
  const everything = () =>
    received(
      {
        id: 'ci_a1b2c3d4e5f6a7b8',
        status: 'paid',
        amount: 123456,
        txid: 'tx1',
        external_id: 'pedido-2026-11-000123',
        seller_id: 1001,
        split: [
          {
            seller_id: 1002,
            seller_name: 'Parceiro Alfa Comércio de Produtos Naturais e Orgânicos do Brasil Ltda',
            amount: 86419,
            percentage: 70,
          },
          { seller_id: 1003, seller_name: 'Beta', amount: 33333, percentage: 30 },
        ],
      },
      {
        path: '/webhooks/paygate/charges?source=sandbox&attempt=1',
        headers: { 'x-request-id': 'req_0123456789abcdef0123456789' },
        forwarded: { url: `http://127.0.0.1:3000/${'very/long/path/'.repeat(8)}hook`, status: 502 },
        verification: {
          verified: false,
          status: 'pending',
          amount: 123456,
          reason: `the API says status pending, not paid; ${'and more '.repeat(10)}`,
        },
      },
    );
  const widths = (text: string) =>
    text
      .trimEnd()
      .split('\n')
      .map((line) => [...line].length);

  it('is as before without a width (a file, a pipe): nothing cut', () => {
    const lines = formatNotification(everything(), plain).trimEnd().split('\n');
    expect(lines[0]).toBe(
      '14:03:07  charge paid       ci_a1b2c3d4e5f6a7b8  paid  R$ 1.234,56  external_id pedido-2026-11-000123  seller 1001  req req_0123456789abcdef0123456789  /webhooks/paygate/charges?source=sandbox&attempt=1',
    );
    expect(Math.max(...widths(formatNotification(everything(), plain)))).toBeGreaterThan(80);
  });

  it('at 80 columns: no line wraps; the least important parts go first, the time, kind, id, status and amount stay', () => {
    const text = formatNotification(everything(), plain, 80);
    for (const width of widths(text)) expect(width).toBeLessThanOrEqual(80);
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe('14:03:07  charge paid       ci_a1b2c3d4e5f6a7b8  paid  R$ 1.234,56  seller 1001');
    expect(lines[1]).toMatch(/^ {4}✗ NOT VERIFIED: the API says status pending, not paid; and more .*…$/);
    // A seller's long name is cut; the money and the share stay.
    expect(lines[2]).toMatch(
      /^ {4}1002 Parceiro Alfa Comércio de Produtos Naturais e .*… {2}R\$ 864,19 {2}70%$/,
    );
    expect(lines[3]).toMatch(/^ {4}1003 Beta +R\$ 333,33 {2}30%$/);
    // The target's answer stays; its URL is cut.
    expect(lines[4]).toMatch(/^ {4}→ forwarded to http:\/\/127\.0\.0\.1:3000\/very\/long\/.*…: 502$/);
  });

  it('each part that fits is kept, by importance; narrower, the kind loses its padding first', () => {
    const first = (width: number) => formatNotification(everything(), plain, width).split('\n')[0];
    expect(first(101)).toBe(
      '14:03:07  charge paid       ci_a1b2c3d4e5f6a7b8  paid  R$ 1.234,56  external_id pedido-2026-11-000123',
    );
    expect(first(60)).toBe('14:03:07  charge paid  ci_a1b2c3d4e5f6a7b8  paid');
    expect(first(40)).toBe('14:03:07  charge paid  paid  R$ 1.234,56');
    expect(first(30)).toBe('14:03:07  charge paid  paid');
    expect(first(6)).toBe('14:03…');
    for (const width of [60, 50, 40, 30, 20]) {
      for (const line of widths(formatNotification(everything(), plain, width))) {
        expect(line).toBeLessThanOrEqual(width);
      }
    }
  });

  it('colours stay when the line fits', () => {
    const colors = createColors(true);
    const text = formatNotification(received({ id: 'ci_1', status: 'paid', amount: 100 }), colors, 80);
    expect(text).toContain('\x1b[');
    expect(text.replace(/\x1b\[[0-9;]*m/g, '')).toBe('14:03:07  charge paid       ci_1  paid  R$ 1,00\n');
  });
});
