import { CancelledError, ExitCode } from './errors.js';
import type { IO } from './io.js';

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
        throw new CancelledError('Cancelled.', ExitCode.Interrupted);
      throw error;
    }
  };
  return {
    input: (options) => interruptible(async () => (await load()).input(options, context)),
    password: (options) =>
      interruptible(async () => (await load()).password({ ...options, mask: '*' }, context)),
    confirm: (options) => interruptible(async () => (await load()).confirm(options, context)),
    select: (options) => interruptible(async () => (await load()).select(options, context)),
  };
}
