// `boleto inspect`: offline; vectors from viniciusccosta/ClipBarcode tests/test_boleto.py and
// mrmgomes/boleto-utils test/test.js (see test/domain/boleto.test.ts).
import { describe, expect, it } from 'vitest';
import { boletoInspect } from '../../../src/commands/boleto/inspect.js';
import type { FakeContextOptions } from '../../helpers/fake-context.js';
import { run } from '../../helpers/run-cli.js';
import { runHandler } from '../../helpers/run-handler.js';

const clock = { now: () => Date.UTC(2026, 4, 15) };
const BB_LINE = '00190.50095 40144.816069 06809.350314 3 37370000000100';
const BB_BARCODE = '00193373700000001000500940144816060680935031';
const CONVENIO = '83860000005096000190000008017823000034306271';
/** `paygate boleto inspect ARGV` through its handler (offline: no gateway). */
const inspect = (argv: string[], options: FakeContextOptions = {}) =>
  runHandler(boletoInspect, ['boleto', 'inspect', ...argv], options);

describe('boleto inspect', () => {
  it('prints the fields of a bank line pasted with dots and spaces', async () => {
    const result = await inspect([BB_LINE], { clock });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Valid\s+yes/);
    expect(result.stdout).toMatch(/Kind\s+bank/);
    expect(result.stdout).toMatch(/Bank\s+001/);
    expect(result.stdout).toMatch(/Amount\s+R\$ 1,00/);
    // Factor 3737: 2007-12-31 in the first cycle, 2032-08-21 in the second; 2032 is nearer 2026.
    expect(result.stdout).toMatch(
      /Due date\s+2032-08-21 \(nearest today; the factor also means 2007-12-31\)/,
    );
    expect(result.stdout).toMatch(/Barcode\s+00193373700000001000500940144816060680935031/);
    expect(result.stderr).toBe('');
  });

  it('--json prints exactly the documented shape', async () => {
    const result = await inspect([BB_BARCODE], { clock, globals: { json: true } });
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(Object.keys(out)).toEqual([
      'valid',
      'kind',
      'line',
      'barcode',
      'bank',
      'amount',
      'due_date',
      'due_date_candidates',
      'segment',
      'problems',
    ]);
    expect(out).toEqual({
      valid: true,
      kind: 'bank',
      line: '00190500954014481606906809350314337370000000100',
      barcode: BB_BARCODE,
      bank: '001',
      amount: 100,
      due_date: '2032-08-21',
      due_date_candidates: ['2007-12-31', '2032-08-21'],
      segment: null,
      problems: [],
    });
  });

  it('a convênio barcode shows its segment and amount, no bank or due date', async () => {
    const result = await inspect([CONVENIO], { clock, globals: { json: true } });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      kind: 'convenio',
      line: '838600000050096000190009000801782309000343062712',
      bank: null,
      amount: 50960,
      due_date: null,
      due_date_candidates: [],
      segment: 'electricity and gas',
    });
  });

  it('a wrong digit is exit 2 naming the field; --json still prints the reading', async () => {
    const bad = BB_LINE.replace('40144.816069', '40144.816068');
    const result = await run(['boleto', 'inspect', bad, '--json'], { clock });
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout)).toMatchObject({
      valid: false,
      problems: ['field 2 check digit: the line has 8, its digits give 9'],
    });
    expect(JSON.parse(result.stderr).error).toMatchObject({ field: 'line', exit_code: 2 });
    const human = await run(['boleto', 'inspect', bad], { clock });
    expect(human.code).toBe(2);
    expect(human.stdout).toMatch(/Valid\s+no/);
    expect(human.stderr).toMatch(/not a valid boleto \(1 problem\):\n\s+- field 2 check digit/);
  });

  it('a wrong length is exit 2; stdin with - works', async () => {
    const short = await inspect(['123'], { clock });
    expect(short.code).toBe(2);
    expect(short.error?.message).toContain('length: 3 digits');
    const piped = await inspect(['-'], { stdin: `${CONVENIO}\n`, clock });
    expect(piped.code).toBe(0);
    expect(piped.stdout).toMatch(/Segment\s+electricity and gas/);
    const empty = await inspect(['-'], { stdin: '' });
    expect(empty.code).toBe(2);
    expect(empty.error?.message).toContain('nothing on stdin');
  });
});
