// `boleto inspect` in its two layers: parse (the argument: a line, or `-` for stdin) and run
// (offline: stdin read there, the clock injected).
import { describe, expect, it } from 'vitest';
import { boletoInspect } from '../../../src/commands/boleto/inspect.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { inputFor } from '../../helpers/run-cli.js';

const noSettings = { setting: () => undefined };
const clock = { now: () => Date.UTC(2026, 4, 15) };
const BB_LINE = '00190.50095 40144.816069 06809.350314 3 37370000000100';

describe('boleto inspect: parse', () => {
  it('a line (trimmed), or - for stdin', async () => {
    expect(boletoInspect.parse(await inputFor(['boleto', 'inspect', ` ${BB_LINE} `]), noSettings)).toEqual({
      line: BB_LINE,
    });
    expect(boletoInspect.parse(await inputFor(['boleto', 'inspect', '-']), noSettings)).toEqual({
      fromStdin: true,
    });
  });

  it('an empty line is refused, naming it', async () => {
    const input = await inputFor(['boleto', 'inspect', '  ']);
    expect(() => boletoInspect.parse(input, noSettings)).toThrow(
      expect.objectContaining({ exitCode: 2, message: 'line: the line is empty' }),
    );
  });
});

describe('boleto inspect: run', () => {
  it('a line: its fields, exit 0', async () => {
    const { context, io } = fakeContext({ clock });
    expect(await boletoInspect.run({ line: BB_LINE }, context)).toBe(0);
    await context.close();
    expect(io.stdout.text).toMatch(/Valid\s+yes/);
    expect(io.stdout.text).toMatch(/Amount\s+R\$ 1,00/);
    expect(io.stdout.text).toMatch(
      /Due date\s+2032-08-21 \(nearest today; the factor also means 2007-12-31\)/,
    );
  });

  it('from stdin: the line read there; --json the documented shape', async () => {
    const { context, io } = fakeContext({ clock, stdin: `${BB_LINE}\n`, globals: { json: true } });
    expect(await boletoInspect.run({ fromStdin: true }, context)).toBe(0);
    await context.close();
    expect(JSON.parse(io.stdout.text)).toMatchObject({ valid: true, kind: 'bank', bank: '001', amount: 100 });
  });

  it('nothing on stdin: exit 2, naming it', async () => {
    const { context, io } = fakeContext({ clock, stdin: '\n' });
    await expect(boletoInspect.run({ fromStdin: true }, context)).rejects.toMatchObject({
      exitCode: 2,
      message: 'line: nothing on stdin: pipe the line or barcode in',
    });
    await context.close();
    expect(io.stdout.text).toBe('');
  });

  it('a wrong check digit: the fields printed, then exit 2 listing the problem', async () => {
    const { context, io } = fakeContext({ clock });
    const error = await boletoInspect
      .run({ line: BB_LINE.replace(/3 3737/, '4 3737') }, context)
      .catch((caught) => caught);
    await context.close();
    expect(error).toMatchObject({ exitCode: 2 });
    expect(error.message).toMatch(/^line: not a valid boleto \(\d+ problems?\):\n {2}- /);
    expect(io.stdout.text).toMatch(/Valid\s+no/);
  });
});
