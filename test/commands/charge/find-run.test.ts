// `charge find` in its two layers: parse (argv → options, no server) and run (options → what a
// user sees, against a scripted gateway that applies its filter, or ignores it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeFind } from '../../../src/commands/charge/find.js';
import { json, ok, startServer, type TestServer } from '../../api/helpers.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { inputFor } from '../../helpers/run-cli.js';
import { type ScriptedCharge, scriptedCharge } from './scripted-charges.js';

const noSettings = { setting: () => undefined };
const TXID = '7978c0c97ea847e78e8849634473c1f1';

describe('charge find: parse', () => {
  it('--txid (trimmed) or --external-id (as typed), and --max-pages (50 by default)', async () => {
    expect(chargeFind.parse(await inputFor(['charge', 'find', '--txid', ` ${TXID} `]), noSettings)).toEqual({
      flag: '--txid',
      value: TXID,
      maxPages: 50,
    });
    expect(
      chargeFind.parse(
        await inputFor(['charge', 'find', '--external-id', ' pedido 7', '--max-pages', '3']),
        noSettings,
      ),
    ).toEqual({ flag: '--external-id', value: ' pedido 7', maxPages: 3 });
  });

  it('a bare value: the command or flag it needs, a ci_ id and a txid told apart', async () => {
    const refusal = async (value: string) => {
      try {
        chargeFind.parse(await inputFor(['charge', 'find', value]), noSettings);
      } catch (error) {
        return error;
      }
      throw new Error('not refused');
    };
    expect(await refusal('ci_a1b2c3')).toMatchObject({
      exitCode: 2,
      details: expect.objectContaining({ field: 'value' }),
      message:
        'charge find takes --txid or --external-id, not a bare value; that is a charge id: `paygate charge get ci_a1b2c3`',
    });
    expect(await refusal(TXID)).toMatchObject({
      message: `charge find takes --txid or --external-id, not a bare value; \`paygate charge find --txid ${TXID}\` (or --external-id if it is yours)`,
    });
    expect(await refusal('pedido-7')).toMatchObject({
      message:
        'charge find takes --txid or --external-id, not a bare value; `paygate charge find --external-id pedido-7`',
    });
  });

  it('refusals of the flags, each with its message', async () => {
    const cases: [string[], string][] = [
      [[], 'give exactly one of --txid and --external-id'],
      [['--txid', TXID, '--external-id', 'x'], 'give exactly one of --txid and --external-id'],
      [['--txid', 'abc'], '--txid: "abc" is not a PIX txid: 26 to 35 letters and digits'],
      [['--external-id', ' '], '--external-id: must not be empty'],
    ];
    for (const [argv, message] of cases) {
      const input = await inputFor(['charge', 'find', ...argv]);
      expect(() => chargeFind.parse(input, noSettings), argv.join(' ')).toThrow(
        expect.objectContaining({ exitCode: 2, message }),
      );
    }
  });
});

describe('charge find: run', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.close());

  /** A gateway listing `charges` in one page, whatever the query (it ignores the filter). */
  const listing = (charges: ScriptedCharge[]) =>
    server.handle((_request, response) =>
      json(
        response,
        200,
        ok(charges, { pagination: { page: 1, limit: 100, total: charges.length, has_more: false } }),
      ),
    );

  it('--txid: asks the gateway filter, checks each charge, prints the one that matches', async () => {
    listing([
      scriptedCharge({ id: 'ci_other', pix: { txid: 'a'.repeat(32) } }),
      scriptedCharge({ id: 'ci_match', pix: { txid: TXID } }),
    ]);
    const { context, io } = fakeContext({ baseUrl: server.url, globals: { json: true } });
    const code = await chargeFind.run({ flag: '--txid', value: TXID, maxPages: 50 }, context);
    await context.close();
    expect(code).toBe(0);
    expect(server.requests.at(-1)!.url).toContain(`txid=${TXID}`);
    expect(JSON.parse(io.stdout.text)).toMatchObject({ id: 'ci_match' });
  });

  it('an external id several charges have: all of them, said on stderr', async () => {
    listing([
      scriptedCharge({ id: 'ci_new', external_id: 'dup' }),
      scriptedCharge({ id: 'ci_old', external_id: 'dup' }),
    ]);
    const { context, io } = fakeContext({ baseUrl: server.url, globals: { json: true } });
    const code = await chargeFind.run({ flag: '--external-id', value: 'dup', maxPages: 50 }, context);
    await context.close();
    expect(code).toBe(0);
    expect(server.requests.at(-1)!.url).toContain('external_id=dup');
    expect(JSON.parse(io.stdout.text).map((charge: { id: string }) => charge.id)).toEqual([
      'ci_new',
      'ci_old',
    ]);
    expect(io.stderr.text).toContain('2 charges have external id dup: listing them all, newest first');
  });

  it('none in the whole list: exit 3 naming the value', async () => {
    listing([scriptedCharge({ external_id: 'other' })]);
    const { context, io } = fakeContext({ baseUrl: server.url });
    await expect(
      chargeFind.run({ flag: '--external-id', value: 'nope', maxPages: 50 }, context),
    ).rejects.toMatchObject({ exitCode: 3, message: 'no charge with external id nope' });
    await context.close();
    expect(io.stdout.text).toBe('');
  });
});
