import { CancelledError, ExitCode } from '../../src/errors.js';
import type { Prompter } from '../../src/prompter.js';

export interface ExpectedPrompt {
  /** A part of the question's message. */
  message: string | RegExp;
  /** The answer; `interrupt` is Ctrl-C at this question (what the real prompter throws). */
  answer: string | boolean | typeof interrupt;
  /** The answer must be refused by the question's check with this text; the question is asked again. */
  rejectedWith?: string | RegExp;
}

/** Ctrl-C as an answer. */
export const interrupt = Symbol('Ctrl-C');

/**
 * Answers the expected questions in order and fails on any other; `assertDone()` checks that
 * every expected question was asked.
 */
export function createScriptedPrompter(
  expected: ExpectedPrompt[],
): Prompter & { asked: string[]; rejections: string[]; assertDone(): void } {
  const queue = [...expected];
  const asked: string[] = [];
  const rejections: string[] = [];
  const next = (message: string) => {
    asked.push(message);
    const prompt = queue.shift();
    if (!prompt) throw new Error(`unexpected prompt: ${message}`);
    const matches =
      typeof prompt.message === 'string' ? message.includes(prompt.message) : prompt.message.test(message);
    if (!matches) throw new Error(`expected prompt ${String(prompt.message)}, got: ${message}`);
    if (prompt.answer === interrupt) throw new CancelledError('Cancelled.', ExitCode.Interrupted);
    return prompt;
  };
  const validated = (
    message: string,
    validate?: (value: string) => true | string,
    defaultAnswer?: string,
  ): string => {
    const prompt = next(message);
    // An empty answer takes the question's default, as @inquirer/prompts' input does.
    const answer =
      String(prompt.answer) === '' && defaultAnswer !== undefined ? defaultAnswer : String(prompt.answer);
    const verdict = validate?.(answer);
    if (prompt.rejectedWith !== undefined) {
      const refused =
        typeof verdict === 'string' &&
        (typeof prompt.rejectedWith === 'string'
          ? verdict.includes(prompt.rejectedWith)
          : prompt.rejectedWith.test(verdict));
      if (!refused)
        throw new Error(`answer "${answer}" should be refused with ${prompt.rejectedWith}, got ${verdict}`);
      rejections.push(verdict);
      return validated(message, validate, defaultAnswer);
    }
    if (verdict !== undefined && verdict !== true) throw new Error(`answer "${answer}" rejected: ${verdict}`);
    return answer;
  };
  return {
    asked,
    rejections,
    input: async ({ message, validate, default: defaultAnswer }) =>
      validated(message, validate, defaultAnswer),
    password: async ({ message, validate }) => validated(message, validate),
    confirm: async ({ message }) => Boolean(next(message).answer),
    select: async ({ message }) => next(message).answer as never,
    assertDone() {
      if (queue.length > 0)
        throw new Error(`prompts never asked: ${queue.map((prompt) => String(prompt.message)).join(', ')}`);
    },
  };
}

/** A prompter for non-interactive tests: any question is a failure. */
export const noPrompter: Prompter = createScriptedPrompter([]);
