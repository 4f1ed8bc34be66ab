import { describe, expect, it } from 'vitest';
import { chargeQr } from '../../../src/commands/charge/qr.js';
import { run } from '../../helpers/run-cli.js';
import { runHandler, stderrWords } from '../../helpers/run-handler.js';

const STATIC =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
const WITH_AMOUNT =
  '00020126510014br.gov.bcb.pix0115thalesog@me.com0210Pedido 123520400005303986540510.005802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***63040DC6';
const DYNAMIC =
  '00020101021226740014br.gov.bcb.pix2552payload.psp.com/3ec9d2f9-5f03-4e0e-820d-63a81e769e875204000053039865802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***63042895';
const BAD_CRC = STATIC.replace(/1D3D$/, '1D3E');

describe('charge qr', () => {
  it('prints the fields and draws the code (offline)', async () => {
    const result = await runHandler(chargeQr, ['charge', 'qr', WITH_AMOUNT]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Valid\s+yes/);
    expect(result.stdout).toMatch(/Merchant\s+THALES OGLIARI/);
    expect(result.stdout).toMatch(/City\s+SAO MIGUEL DO O/);
    expect(result.stdout).toMatch(/Amount\s+R\$ 10,00/);
    expect(result.stdout).toMatch(/Key\s+thalesog@me.com/);
    expect(result.stdout).toMatch(/Initiation\s+static/);
    expect(result.stdout).toMatch(/CRC\s+0DC6/);
    expect(result.stdout).toMatch(/[█▀▄]/);
    expect(result.stderr).toBe('');
  });

  it('--json prints exactly the documented shape', async () => {
    const result = await runHandler(chargeQr, ['charge', 'qr', DYNAMIC], { globals: { json: true } });
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(Object.keys(out)).toEqual([
      'valid',
      'initiation',
      'key',
      'url',
      'recurrence_url',
      'merchant_name',
      'merchant_city',
      'amount',
      'txid',
      'crc',
      'fields',
      'problems',
    ]);
    expect(out).toMatchObject({
      valid: true,
      initiation: 'dynamic',
      key: null,
      url: 'payload.psp.com/3ec9d2f9-5f03-4e0e-820d-63a81e769e87',
      merchant_name: 'THALES OGLIARI',
      amount: null,
      txid: '***',
      crc: '2895',
    });
    expect(out.fields[0]).toEqual({ id: '00', length: 2, value: '01' });
  });

  it('an invalid code is exit 2 listing the problems; --json still prints valid:false', async () => {
    const result = await run(['charge', 'qr', BAD_CRC, '--json']);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout)).toMatchObject({ valid: false, crc: '1D3E' });
    expect(JSON.parse(result.stderr).error.message).toContain('CRC mismatch');
    const human = await runHandler(chargeQr, ['charge', 'qr', BAD_CRC]);
    expect(human.code).toBe(2);
    expect(human.stdout).toMatch(/Valid\s+no/);
    expect(human.stdout).not.toMatch(/[█▀▄]/);
    expect(stderrWords(human)).toMatch(
      /not a valid PIX code \(1 problem\):\n\s+- CRC mismatch: the code says 1D3E, its content gives 1D3D/,
    );
  });

  it('reads the code from stdin with -, and --no-qr leaves the drawing out', async () => {
    const result = await runHandler(chargeQr, ['charge', 'qr', '-', '--no-qr'], { stdin: `${STATIC}\n` });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Merchant\s+Fulano de Tal/);
    expect(result.stdout).not.toMatch(/[█▀▄]/);
  });

  it('an empty stdin is a usage error', async () => {
    const result = await runHandler(chargeQr, ['charge', 'qr', '-'], { stdin: '' });
    expect(result.code).toBe(2);
    expect(result.error?.message).toContain('nothing on stdin');
  });

  it('a Pix Automático code (GUI-only 26, recurrence in 80) is valid: exit 0, its recurrence URL shown', async () => {
    const code =
      '00020126180014br.gov.bcb.pix5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***80950014br.gov.bcb.pix2573qr-h.sandbox.pix.bcb.gov.br/rest/api/rec/c7dc3d94706d4901a72480e98fcd52e16304BAEE';
    const result = await runHandler(chargeQr, ['charge', 'qr', code, '--no-qr']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Recurrence\s+qr-h\.sandbox\.pix\.bcb\.gov\.br\/rest\/api\/rec\//);
    expect(result.stdout).toMatch(/Initiation\s+dynamic/);
    const json = await runHandler(chargeQr, ['charge', 'qr', code], { globals: { json: true } });
    expect(JSON.parse(json.stdout)).toMatchObject({ valid: true, problems: [] });
  });

  it('a txid with a hyphen (the BR Code manual example) is valid, with a warning on stderr', async () => {
    const code =
      '00020104141234567890123426580014BR.GOV.BCB.PIX0136123e4567-e12b-12d1-a456-42665544000027300012BR.COM.OUTRO011001234567895204000053039865406123.455802BR5917NOME DO RECEBEDOR6008BRASILIA61087007490062190515RP12345678-201980390012BR.COM.OUTRO01190123.ABCD.3456.WXYZ6304AD38';
    const result = await runHandler(chargeQr, ['charge', 'qr', code, '--no-qr']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/TXID\s+RP12345678-2019/);
    expect(result.stderr).toMatch(
      /warning: emv: field 62-05 \(txid\) "RP12345678-2019" is outside the usual/,
    );
  });

  it('a string that is not a BR Code at all is one clear line and exit 2, no table', async () => {
    const result = await run(['charge', 'qr', 'hello']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('not a PIX copy-and-paste code');
  });

  it('strips escape sequences from what it prints', async () => {
    const result = await run(['charge', 'qr', '0002\x1b]0;pwned\x07']);
    expect(result.code).toBe(2);
    expect(result.stdout + result.stderr).not.toContain('\x1b');
  });
});

describe('how the QR code is drawn (the qr setting)', () => {
  const BLACK_ON_WHITE = '\x1b[30;47m';
  const drawn = async (env: Record<string, string>, tty = true) => {
    const dir = (await import('../../helpers/run-cli.js')).tempConfigDir();
    const set = (value: string) => run(['config', 'set', 'qr', value], { env: { PAYGATE_CONFIG_DIR: dir } });
    return {
      dir,
      set,
      show: () =>
        runHandler(chargeQr, ['charge', 'qr', STATIC], { env: { PAYGATE_CONFIG_DIR: dir, ...env }, tty }),
    };
  };

  it('a colour terminal: black on white, no note', async () => {
    const { show } = await drawn({});
    const result = await show();
    expect(result.stdout).toContain(BLACK_ON_WHITE);
    expect(result.stderr).toBe('');
  });

  it('NO_COLOR on a terminal: plain ink, and it says so with the settings that change it', async () => {
    const { show, set } = await drawn({ NO_COLOR: '1' });
    const plain = await show();
    expect(plain.stdout).not.toContain('\x1b');
    expect(plain.stdout).toMatch(/[█▀▄]/);
    // Broken between words at the terminal, never inside a command (src/output/wrap.ts).
    expect(plain.stderr.replace(/\n {2}/g, ' ')).toContain(
      'run `paygate config set qr plain-dark`, or `paygate config set qr color`',
    );
    // The settings it names work: color draws black on white even under NO_COLOR, silently.
    expect((await set('color')).code).toBe(0);
    const color = await show();
    expect(color.stdout).toContain(BLACK_ON_WHITE);
    expect(color.stderr).toBe('');
    // plain-dark swaps ink and space: the other drawing of the same code.
    expect((await set('plain-dark')).code).toBe(0);
    const dark = await show();
    expect(dark.stdout).not.toContain('\x1b');
    expect(dark.stdout).not.toBe(plain.stdout);
    expect(dark.stderr).toBe('');
  });

  it('not a terminal: plain, with no note; a bad value is refused naming the choices', async () => {
    const { show, set } = await drawn({}, false);
    const result = await show();
    expect(result.stdout).not.toContain('\x1b');
    expect(result.stderr).toBe('');
    const bad = await set('inverted');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('qr: "inverted" is not one of: auto, color, plain, plain-dark');
  });
});
