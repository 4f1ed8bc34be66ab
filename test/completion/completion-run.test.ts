// `completion` in its two layers: parse (the shell argument, one of its choices) and run (the
// script, the same as the checked-in one).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { completion } from '../../src/commands/completion/completion.js';
import { fakeContext } from '../helpers/fake-context.js';
import { inputFor } from '../helpers/run-cli.js';
import { repoRoot } from '../helpers/spawn-cli.js';

const noSettings = { setting: () => undefined };

describe('completion: parse', () => {
  it.each(['bash', 'zsh', 'fish'])('%s', async (shell) => {
    expect(completion.parse(await inputFor(['completion', shell]), noSettings)).toEqual({ shell });
  });

  it('a shell outside the choices, in an input made by hand, is refused naming the argument', () => {
    expect(() => completion.parse({ args: ['tcsh'], flags: {} }, noSettings)).toThrow(
      expect.objectContaining({ exitCode: 2, message: 'shell: "tcsh" is not one of: bash, zsh, fish' }),
    );
  });
});

describe('completion: run', () => {
  it.each([
    ['bash', 'paygate.bash'],
    ['zsh', '_paygate'],
    ['fish', 'paygate.fish'],
  ] as const)('%s: the checked-in completions/%s', async (shell, file) => {
    const { context, io } = fakeContext();
    expect(await completion.run({ shell }, context)).toBe(0);
    await context.close();
    expect(io.stdout.text).toBe(readFileSync(join(repoRoot, 'completions', file), 'utf8'));
    expect(io.stderr.text).toBe('');
  });
});
