// `split preview` in its two layers: parse (argv → options, settings only) and run (offline, and
// with --resolve against a scripted gateway).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SplitPreviewOptions, splitPreview } from '../../../src/commands/split/preview.js';
import { fail, json, ok, startServer, type TestServer } from '../../api/helpers.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { inputFor } from '../../helpers/run-cli.js';

const noSettings = { setting: () => undefined };
const parse = async (argv: string[]) =>
  splitPreview.parse(await inputFor(['split', 'preview', ...argv]), noSettings);

describe('split preview: parse', () => {
  it('the options, whole', async () => {
    expect(
      await parse(['--amount', '100.00', '--split', '1002=70%', '--split', 'a@b.com=30%:resto']),
    ).toEqual({
      amount: 10_000,
      feeRate: 3.99,
      entries: [
        { sellerId: 1002, percentage: 70 },
        { email: 'a@b.com', percentage: 30, description: 'resto' },
      ],
      resolve: false,
    });
  });

  it.each([
    [[], '--amount is required (the charge amount, e.g. 10000 or 100.00)'],
    [['--amount', '10000', '--split', '1002'], /^--split: "1002" has no "="/],
  ])('%j is refused', async (argv, message) => {
    await expect(parse(argv)).rejects.toMatchObject({ exitCode: 2, message });
  });

  it('an input made by hand with an argument is refused', () => {
    expect(() => splitPreview.parse({ args: ['x'], flags: { amount: '100' } }, noSettings)).toThrow(
      expect.objectContaining({ exitCode: 2, message: 'split preview takes no arguments' }),
    );
  });
});

const options = (overrides: Partial<SplitPreviewOptions> = {}): SplitPreviewOptions => ({
  amount: 10_000,
  feeRate: 3.99,
  entries: [{ sellerId: 1002, percentage: 100 }],
  resolve: false,
  ...overrides,
});

describe('split preview: run', () => {
  it('offline (no gateway configured): fee, net and the entries', async () => {
    const { context, io } = fakeContext();
    expect(await splitPreview.run(options(), context)).toBe(0);
    await context.close();
    expect(io.stdout.text).toMatch(/Gross\s+R\$ 100,00/);
    expect(io.stdout.text).toMatch(/Fee \(3\.99%\)\s+R\$ 3,99/);
    expect(io.stdout.text).toMatch(/Net\s+R\$ 96,01/);
    expect(io.stdout.text).toMatch(/1002\s+100% of net\s+R\$ 96,01/);
  });

  it('a broken rule: exit 2 naming it, after the preview is printed', async () => {
    const { context, io } = fakeContext({ globals: { json: true } });
    const error = await splitPreview
      .run(
        options({
          entries: [
            { sellerId: 1002, percentage: 70 },
            { sellerId: 1003, percentage: 40 },
          ],
        }),
        context,
      )
      .catch((caught) => caught);
    await context.close();
    expect(error).toMatchObject({ exitCode: 2 });
    expect(error.message).toMatch(/^1 split rule broken: /);
    expect(JSON.parse(io.stdout.text).violations).toHaveLength(1);
  });

  describe('--resolve', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer((request, response) =>
        request.url.includes('ok%40example.com')
          ? json(
              response,
              200,
              ok({
                seller_id: 1005,
                email: 'ok@example.com',
                status: 'active',
                compliance_status: 'approved',
              }),
            )
          : json(response, 404, fail('not_found', 'seller_not_found', 'no such seller')),
      );
    });
    afterAll(async () => server.close());

    it('looks each e-mail up: a seller found gets its id; one not found is a broken rule', async () => {
      const { context, io } = fakeContext({ baseUrl: server.url, globals: { json: true } });
      const entries = [
        { email: 'ok@example.com', percentage: 50 },
        { email: 'nobody@example.com', percentage: 50 },
      ];
      const error = await splitPreview
        .run(options({ entries, resolve: true }), context)
        .catch((caught) => caught);
      await context.close();
      expect(server.requests.map((request) => request.url)).toEqual([
        '/v1/sellers/search?email=ok%40example.com',
        '/v1/sellers/search?email=nobody%40example.com',
      ]);
      expect(error).toMatchObject({
        exitCode: 2,
        message: '1 split rule broken: split[1]: no seller with e-mail nobody@example.com',
      });
      expect(JSON.parse(io.stdout.text).entries[0]).toMatchObject({
        seller_id: 1005,
        email: 'ok@example.com',
      });
    });
  });
});
