// `charge get` in its two layers: parse (argv → options, no server) and run (options → what a
// user sees, against a scripted gateway).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeGet } from '../../../src/commands/charge/get.js';
import { startServer, type TestServer } from '../../api/helpers.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { inputFor } from '../../helpers/run-cli.js';
import { chargesById, scriptedCharge } from './scripted-charges.js';

const noSettings = { setting: () => undefined };
const TXID = '7978c0c97ea847e78e8849634473c1f1';

describe('charge get: parse', () => {
  it('one id, trimmed, with --qr or without', async () => {
    expect(chargeGet.parse(await inputFor(['charge', 'get', ' ci_a1b2c3 ']), noSettings)).toEqual({
      from: 'argument',
      id: 'ci_a1b2c3',
      qr: false,
    });
    expect(chargeGet.parse(await inputFor(['charge', 'get', 'ci_a1b2c3', '--qr']), noSettings)).toEqual({
      from: 'argument',
      id: 'ci_a1b2c3',
      qr: true,
    });
  });

  it('- : the ids are on stdin (read by run), fetched --concurrency at a time (8 by default)', async () => {
    expect(chargeGet.parse(await inputFor(['charge', 'get', '-']), noSettings)).toEqual({
      from: 'stdin',
      concurrency: 8,
    });
    expect(
      chargeGet.parse(await inputFor(['charge', 'get', '-', '--concurrency', '16']), noSettings),
    ).toEqual({ from: 'stdin', concurrency: 16 });
  });

  it('refusals: not a charge id, a --concurrency out of range, no argument', async () => {
    expect(() => chargeGet.parse({ args: ['ci_a b'], flags: {} }, noSettings)).toThrow(
      expect.objectContaining({ exitCode: 2, message: 'id: "ci_a b" is not a charge id (ci_…)' }),
    );
    expect(() => chargeGet.parse({ args: ['-'], flags: { concurrency: '65' } }, noSettings)).toThrow(
      expect.objectContaining({ exitCode: 2, message: '--concurrency: must be a whole number from 1 to 64' }),
    );
    expect(() => chargeGet.parse({ args: [], flags: {} }, noSettings)).toThrow(
      expect.objectContaining({ exitCode: 2, message: "missing required argument 'id'" }),
    );
  });
});

describe('charge get: run', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.close());

  it('one charge: GET /v1/charges/ID, printed as a detail table', async () => {
    server.handle(chargesById([scriptedCharge({ description: 'Pedido 123' })]));
    const { context, io } = fakeContext({ baseUrl: server.url });
    const code = await chargeGet.run({ from: 'argument', id: 'ci_a1b2c3d4e5f6', qr: false }, context);
    await context.close();
    expect(code).toBe(0);
    expect(server.requests.at(-1)).toMatchObject({ method: 'GET', url: '/v1/charges/ci_a1b2c3d4e5f6' });
    expect(io.stdout.text).toMatch(/^ID\s+ci_a1b2c3d4e5f6$/m);
    expect(io.stdout.text).toMatch(/^Status\s+pending$/m);
    expect(io.stdout.text).toMatch(/^Amount\s+R\$ 15,00$/m);
    expect(io.stdout.text).toMatch(/^Description\s+Pedido 123$/m);
    expect(io.stderr.text).toBe('');
  });

  it('a PIX txid given as the id and not found: exit 3, with the command that finds its charge', async () => {
    server.handle(chargesById([]));
    const { context, io } = fakeContext({ baseUrl: server.url });
    await expect(chargeGet.run({ from: 'argument', id: TXID, qr: false }, context)).rejects.toMatchObject({
      exitCode: 3,
      details: expect.objectContaining({
        hint: `that looks like a PIX txid: \`paygate charge find --txid ${TXID}\` finds its charge`,
      }),
    });
    await context.close();
    expect(io.stdout.text).toBe('');
  });

  it('a ci_ id not found: exit 3 without the txid hint', async () => {
    server.handle(chargesById([]));
    const { context } = fakeContext({ baseUrl: server.url });
    const error = await chargeGet
      .run({ from: 'argument', id: 'ci_missing', qr: false }, context)
      .catch((e) => e);
    await context.close();
    expect(error).toMatchObject({ exitCode: 3 });
    expect(error.details?.hint ?? '').not.toContain('txid');
  });

  it('a creation time ahead of this clock (the gateway clock advanced) reads "just now", never "in …"', async () => {
    server.handle(chargesById([scriptedCharge({ created_at: '2026-11-20T12:10:00Z' })]));
    const { context, io } = fakeContext({
      baseUrl: server.url,
      clock: { now: () => Date.parse('2026-11-20T12:00:00Z') },
    });
    await chargeGet.run({ from: 'argument', id: 'ci_a1b2c3d4e5f6', qr: false }, context);
    await context.close();
    expect(io.stdout.text).toMatch(/^Created\s+2026-11-20 \d\d:10 \(just now\)$/m);
  });

  it('--qr of a final charge: no QR and no code (it would take no payment), said on stderr, exit 0', async () => {
    const emv = '00020101021226580014br.gov.bcb.pix';
    server.handle(
      chargesById([
        scriptedCharge({ id: 'ci_open', pix: { emv } }),
        scriptedCharge({ id: 'ci_paid', status: 'paid', pix: { emv } }),
        scriptedCharge({ id: 'ci_late', status: 'EXPIRED', pix: { emv } }),
      ]),
    );
    const open = fakeContext({ baseUrl: server.url });
    expect(await chargeGet.run({ from: 'argument', id: 'ci_open', qr: true }, open.context)).toBe(0);
    await open.context.close();
    expect(open.io.stdout.text).toContain(emv);
    for (const [id, status] of [
      ['ci_paid', 'paid'],
      ['ci_late', 'expired'],
    ]) {
      const { context, io } = fakeContext({ baseUrl: server.url });
      expect(await chargeGet.run({ from: 'argument', id: id!, qr: true }, context)).toBe(0);
      await context.close();
      expect(io.stdout.text).toMatch(new RegExp(`^ID\\s+${id}$`, 'm'));
      expect(io.stdout.text).not.toContain(emv);
      expect(io.stderr.text).toContain(
        `charge ${id} is ${status}: its QR code is not shown, it would take no payment`,
      );
    }
  });

  it('stdin: every id fetched and printed (ndjson); a missing one on stderr, the others go on, exit 3', async () => {
    server.handle(
      chargesById([scriptedCharge({ id: 'ci_one' }), scriptedCharge({ id: 'ci_two', status: 'paid' })]),
    );
    const { context, io } = fakeContext({
      baseUrl: server.url,
      stdin: 'ci_one\n# a comment\n\n  ci_two  \nci_gone\n',
      globals: { output: 'ndjson' },
    });
    const code = await chargeGet.run({ from: 'stdin', concurrency: 1 }, context);
    await context.close();
    expect(code).toBe(3);
    const printed = io.stdout.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; status: string });
    expect(printed.map((charge) => [charge.id, charge.status])).toEqual([
      ['ci_one', 'pending'],
      ['ci_two', 'paid'],
    ]);
    expect(server.requests.slice(-3).map((request) => request.url)).toEqual([
      '/v1/charges/ci_one',
      '/v1/charges/ci_two',
      '/v1/charges/ci_gone',
    ]);
    expect(io.stderr.text).toContain('error: ci_gone: charge ci_gone not found\n');
    expect(io.stderr.text).toContain('1 of 3 charges could not be fetched (see the errors above)');
  });

  it('stdin with no ids: exit 0, saying so', async () => {
    const { context, io } = fakeContext({ baseUrl: server.url, stdin: '\n# nothing\n' });
    const code = await chargeGet.run({ from: 'stdin', concurrency: 8 }, context);
    await context.close();
    expect(code).toBe(0);
    expect(io.stderr.text).toContain('no charge ids on stdin (one a line)');
  });
});
