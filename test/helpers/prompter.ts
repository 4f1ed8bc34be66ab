import type { Prompter } from '../../src/prompter.js';

export interface ExpectedPrompt {
  /** A part of the question's message. */
  message: string | RegExp;
  answer: string | boolean;
}

/**
 * Answers the expected questions in order and fails on any other; `assertDone()` checks that
 * every expected question was asked.
 */
export function createScriptedPrompter(
  expected: ExpectedPrompt[],
): Prompter & { asked: string[]; assertDone(): void } {
  const queue = [...expected];
  const asked: string[] = [];
  const next = (message: string) => {
    asked.push(message);
    const prompt = queue.shift();
    if (!prompt) throw new Error(`unexpected prompt: ${message}`);
    const matches =
      typeof prompt.message === 'string' ? message.includes(prompt.message) : prompt.message.test(message);
    if (!matches) throw new Error(`expected prompt ${String(prompt.message)}, got: ${message}`);
    return prompt.answer;
  };
  const validated = (message: string, validate?: (value: string) => true | string) => {
    const answer = String(next(message));
    const verdict = validate?.(answer);
    if (verdict !== undefined && verdict !== true) throw new Error(`answer "${answer}" rejected: ${verdict}`);
    return answer;
  };
  return {
    asked,
    input: async ({ message, validate }) => validated(message, validate),
    password: async ({ message, validate }) => validated(message, validate),
    confirm: async ({ message }) => Boolean(next(message)),
    select: async ({ message }) => next(message) as never,
    assertDone() {
      if (queue.length > 0)
        throw new Error(`prompts never asked: ${queue.map((prompt) => String(prompt.message)).join(', ')}`);
    },
  };
}

/** A prompter for non-interactive tests: any question is a failure. */
export const noPrompter: Prompter = createScriptedPrompter([]);
