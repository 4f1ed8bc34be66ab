import { CancelledError, ExitCode } from './errors.js';
import type { IO } from './io.js';
import { sayOutput } from './text/en/output.js';

/** The questions a command may ask. Tests pass a scripted fake; see test/helpers/prompter.ts. */
export interface Prompter {
  input(options: {
    message: string;
    default?: string;
    validate?: (value: string) => true | string;
  }): Promise<string>;
  password(options: { message: string; validate?: (value: string) => true | string }): Promise<string>;
  confirm(options: { message: string; default?: boolean }): Promise<boolean>;
  select<T extends string>(options: {
    message: string;
    choices: Array<{ name: string; value: T }>;
    default?: T;
  }): Promise<T>;
}

/** Inquirer prompts on the given streams (questions on stderr so stdout stays data), loaded on first use. */
export function createInquirerPrompter(io: IO): Prompter {
  const context = { input: io.stdin, output: io.promptOutput(), clearPromptOnDone: false };
  const load = () => import('@inquirer/prompts');
  // Ctrl-C inside a prompt is the person stopping the command, not a crash (exit 130).
  const interruptible = async <T>(ask: () => Promise<T>): Promise<T> => {
    try {
      return await ask();
    } catch (error) {
      if ((error as Error)?.name === 'ExitPromptError')
        throw new CancelledError(sayOutput('cancelled'), ExitCode.Interrupted);
      throw error;
    }
  };
  return {
    input: (options) => interruptible(async () => (await load()).input(options, context)),
    password: (options) =>
      interruptible(async () => (await load()).password({ ...options, mask: '*' }, context)),
    confirm: (options) => interruptible(async () => confirmByAnswer(await load(), options, context)),
    select: (options) => interruptible(async () => (await load()).select(options, context)),
  };
}

/** A yes or a no as typed in either language (`s`, `sim`, `y`, `yes`, `n`, `não`, `nao`, `no`); else undefined. */
export function readYesOrNo(answer: string): boolean | undefined {
  const word = answer.trim().toLowerCase();
  if (/^(s|sim|y|yes)$/.test(word)) return true;
  // `ã` escaped: one character outside ASCII makes V8 read the whole start-up file as two-byte text (scripts/build.mjs).
  if (/^(n|n\u00e3o|nao|no)$/.test(word)) return false;
  return undefined;
}

type Inquirer = typeof import('@inquirer/prompts');

/**
 * A confirmation, in any language: inquirer's confirm reads only `y`/`yes` and `n`/`no` and takes
 * any other answer for its default (a `maybe` was a No, or a Yes before money moved), and writes
 * `(Y/n)`; so it is asked as a line of text whose words are the run's (`(S/n)`), that takes
 * `s`/`sim` as well. An answer that is neither is said so and the question asked again, on an
 * empty line (inquirer's own refusal kept the typed text, and the next answer was added to it).
 */
async function confirmByAnswer(
  inquirer: Inquirer,
  options: { message: string; default?: boolean },
  context: { output: NodeJS.WritableStream } & Parameters<Inquirer['input']>[1],
): Promise<boolean> {
  const yesFirst = options.default !== false;
  const message = `${options.message} ${sayOutput(yesFirst ? 'confirmYesOrNo' : 'confirmNoOrYes')}`;
  const readAnswer = (value: string) => (value.trim() === '' ? yesFirst : readYesOrNo(value));
  for (;;) {
    const answer = await inquirer.input(
      {
        message,
        transformer: (value, { isFinal }) => {
          if (!isFinal) return value;
          const read = readAnswer(value);
          return read === undefined ? value : sayOutput(read ? 'confirmAnswerYes' : 'confirmAnswerNo');
        },
      },
      context,
    );
    const read = readAnswer(answer);
    if (read !== undefined) return read;
    context.output.write(`${sayOutput('confirmAnswerUnknown')}\n`);
  }
}
