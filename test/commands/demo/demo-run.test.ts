// `demo` in its two layers: parse (--pace as a duration) and run (the whole story on its private
// sandbox, in process, straight through).
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli.js';
import { demo } from '../../../src/commands/demo/demo.js';
import { createContext } from '../../../src/context.js';
import { createFakeIO } from '../../helpers/fake-io.js';
import { noPrompter } from '../../helpers/prompter.js';
import { inputFor, tempConfigDir } from '../../helpers/run-cli.js';

const noSettings = { setting: () => undefined };

describe('demo: parse', () => {
  it('--pace as milliseconds; without it, nothing', async () => {
    expect(demo.parse(await inputFor(['demo', '--pace', '1s']), noSettings)).toEqual({ paceMs: 1000 });
    expect(demo.parse(await inputFor(['demo', '--pace', '0s']), noSettings)).toEqual({ paceMs: 0 });
    expect(demo.parse(await inputFor(['demo']), noSettings)).toEqual({});
  });

  it.each([
    [
      { args: [], flags: { pace: 'soon' } },
      '--pace: "soon" is not a duration: use a whole number with a unit (500ms, 90s, 30m, 2h, 1d) or seconds (90)',
    ],
    [{ args: ['now'], flags: {} }, 'argument: demo takes no arguments'],
  ])('%j is refused', (input, message) => {
    expect(() => demo.parse(input, noSettings)).toThrow(expect.objectContaining({ exitCode: 2, message }));
  });
});

describe('demo: run', () => {
  it('with a pace of 0s: every step straight through, no prompt, exit 0', async () => {
    // At a terminal, where a demo without --pace would wait for Enter; noPrompter fails any
    // question. The demo runs its steps as command lines, as cli.ts lets a context do.
    const io = createFakeIO({ tty: true });
    const context = createContext(
      { io, env: { PAYGATE_CONFIG_DIR: tempConfigDir() }, prompter: noPrompter, runCommandLine: runCli },
      {},
    );
    expect(await demo.run({ paceMs: 0 }, context), io.stderr.text).toBe(0);
    await context.close();
    for (let step = 1; step <= 8; step++) expect(io.stdout.text).toContain(`── ${step}/8`);
    expect(io.stdout.text).toContain('What next');
  }, 60_000);
});
