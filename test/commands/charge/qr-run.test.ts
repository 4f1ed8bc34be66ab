// `charge qr` in its two layers: parse (argv → options; `-` only says the code is on stdin) and
// run (options → what a user sees; stdin is read here). Offline: no gateway.
import { describe, expect, it } from 'vitest';
import { chargeQr } from '../../../src/commands/charge/qr.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { inputFor } from '../../helpers/run-cli.js';

const noSettings = { setting: () => undefined };
const WITH_AMOUNT =
  '00020126510014br.gov.bcb.pix0115thalesog@me.com0210Pedido 123520400005303986540510.005802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***63040DC6';
const BAD_CRC = WITH_AMOUNT.replace(/0DC6$/, '0DC7');

describe('charge qr: parse', () => {
  it('the code as given, drawn unless --no-qr', async () => {
    expect(chargeQr.parse(await inputFor(['charge', 'qr', WITH_AMOUNT]), noSettings)).toEqual({
      emv: { from: 'argument', text: WITH_AMOUNT },
      qr: true,
    });
    expect(chargeQr.parse(await inputFor(['charge', 'qr', WITH_AMOUNT, '--no-qr']), noSettings)).toEqual({
      emv: { from: 'argument', text: WITH_AMOUNT },
      qr: false,
    });
  });

  it('- : the code is on stdin, left for run to read', async () => {
    expect(chargeQr.parse(await inputFor(['charge', 'qr', '-', '--no-qr']), noSettings)).toEqual({
      emv: { from: 'stdin' },
      qr: false,
    });
  });

  it('no code: exit 2 naming the argument', () => {
    expect(() => chargeQr.parse({ args: [], flags: {} }, noSettings)).toThrow(
      expect.objectContaining({ exitCode: 2, message: "missing required argument 'emv'" }),
    );
  });
});

describe('charge qr: run', () => {
  it('reads the code from stdin and prints its fields (--json)', async () => {
    const { context, io } = fakeContext({ stdin: `${WITH_AMOUNT}\n`, globals: { json: true } });
    const code = await chargeQr.run({ emv: { from: 'stdin' }, qr: true }, context);
    await context.close();
    expect(code).toBe(0);
    expect(JSON.parse(io.stdout.text)).toMatchObject({
      valid: true,
      key: 'thalesog@me.com',
      merchant_name: 'THALES OGLIARI',
      amount: 1000,
      crc: '0DC6',
    });
    expect(io.stderr.text).toBe('');
  });

  it('a table of the fields, without the drawing under --no-qr', async () => {
    const { context, io } = fakeContext();
    await chargeQr.run({ emv: { from: 'argument', text: ` ${WITH_AMOUNT} ` }, qr: false }, context);
    await context.close();
    expect(io.stdout.text).toMatch(/^Valid\s+yes$/m);
    expect(io.stdout.text).toMatch(/^Amount\s+R\$ 10,00$/m);
    expect(io.stdout.text).not.toMatch(/[█▀▄]/);
  });

  it('an empty stdin, an empty code, a broken CRC: exit 2, each with its message', async () => {
    const cases: [{ stdin?: string }, Parameters<typeof chargeQr.run>[0], string | RegExp][] = [
      [
        { stdin: '\n' },
        { emv: { from: 'stdin' }, qr: true },
        'emv: nothing on stdin: pipe the copy-and-paste code in',
      ],
      [{}, { emv: { from: 'argument', text: '  ' }, qr: true }, 'emv: the code is empty'],
      [
        {},
        { emv: { from: 'argument', text: 'hello' }, qr: true },
        'emv: not a PIX copy-and-paste code (it starts with 000201; paste the whole line, or `-` to read it from stdin)',
      ],
      [
        {},
        { emv: { from: 'argument', text: BAD_CRC }, qr: true },
        /^emv: not a valid PIX code \(1 problem\):\n {2}- .*CRC/,
      ],
    ];
    for (const [io, options, message] of cases) {
      const { context } = fakeContext(io);
      await expect(chargeQr.run(options, context), JSON.stringify(options)).rejects.toMatchObject({
        exitCode: 2,
        message: typeof message === 'string' ? message : expect.stringMatching(message),
      });
      await context.close();
    }
  });
});
