// Messages on stderr at a terminal are broken at spaces (src/output/wrap.ts wrapMessage), so an
// 80-column terminal never cuts a word of a long Portuguese warning in two; a pipe gets them whole.
import { describe, expect, it } from 'vitest';
import { reportError } from '../../src/cli.js';
import { UsageError } from '../../src/errors.js';
import { wrapMessage } from '../../src/output/wrap.js';
import { fakeContext } from '../helpers/fake-context.js';

const LONG =
  'Isto é uma estimativa: o gateway calcula a taxa e o split finais, e os números dele valem sempre.';

describe('wrapMessage', () => {
  it('breaks a long line at spaces, indents what follows, and leaves short lines and commands whole', () => {
    const lines = wrapMessage(`aviso: ${LONG}\ncurta`, 40).split('\n');
    expect(lines).toEqual([
      'aviso: Isto é uma estimativa: o gateway',
      '  calcula a taxa e o split finais, e os',
      '  números dele valem sempre.',
      'curta',
    ]);
    const command = `    \`node /a/very/long/path/to/a/clone/bin/paygate.js charge get ci_1 --qr\``;
    expect(wrapMessage(command, 40)).toBe(command);
  });

  it('never breaks a command: the prose around one in backticks wraps, a bare one keeps its line', () => {
    const refused =
      'error: the payout may have been created: nothing was retried. Run `paygate payout list` before running this again';
    expect(wrapMessage(refused, 40).split('\n')).toEqual([
      'error: the payout may have been created:',
      '  nothing was retried. Run',
      '  `paygate payout list` before running',
      '  this again',
    ]);
    // A command printed without backticks runs from the program to the end of its line; too long
    // for the indent, it starts its line, so the terminal's own wrap still copies it whole.
    const program = 'node /a/clone/bin/paygate.js';
    const reconcile = `${program} payout reconcile --key k1`;
    expect(wrapMessage(`hint: run ${reconcile} to see where it stands`, 40, program).split('\n')).toEqual([
      'hint: run',
      `${reconcile} to see where it stands`,
    ]);
    expect(wrapMessage(`hint: resume with: ${reconcile}`, 60, program).split('\n')).toEqual([
      'hint: resume with:',
      `  ${reconcile}`,
    ]);
  });
});

describe('stderr at a terminal', () => {
  it('a warning fits 80 columns, broken between words; the same warning to a pipe is one line', () => {
    const terminal = fakeContext({ tty: true, terminalSize: { rows: 24, columns: 80 } });
    terminal.context.log.warn(LONG);
    // Colour codes take no column.
    const lines = terminal.io.stderr.text
      .replace(/\x1b\[[0-9;]*m/g, '')
      .trimEnd()
      .split('\n');
    expect(lines.length).toBe(2);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(80);
    expect(lines.join(' ').replace(/ {2,}/g, ' ')).toBe(`warning: ${LONG}`);

    const pipe = fakeContext();
    pipe.context.log.warn(LONG);
    expect(pipe.io.stderr.text).toBe(`warning: ${LONG}\n`);
  });

  it('an information line fits 80 columns too (a keyed rerun\'s "Já feita com --key …"); a pipe gets it whole', () => {
    const terminal = fakeContext({ tty: true, terminalSize: { rows: 24, columns: 80 } });
    terminal.context.log.info(LONG);
    const lines = terminal.io.stderr.text.trimEnd().split('\n');
    expect(lines.length).toBe(2);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(80);
    expect(lines.join(' ').replace(/ {2,}/g, ' ')).toBe(LONG);

    const pipe = fakeContext();
    pipe.context.log.info(LONG);
    expect(pipe.io.stderr.text).toBe(`${LONG}\n`);
  });

  it('an error and its hint fit the terminal too', async () => {
    const { io } = fakeContext({ tty: true, terminalSize: { rows: 24, columns: 40 } });
    await reportError(new UsageError(LONG, { hint: LONG }), io, { json: false, debug: false });
    const lines = io.stderr.text
      .replace(/\x1b\[[0-9;]*m/g, '')
      .trimEnd()
      .split('\n');
    expect(lines.length).toBeGreaterThan(4);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(40);
  });
});
