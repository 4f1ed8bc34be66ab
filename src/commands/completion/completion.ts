// `paygate completion bash|zsh|fish`: prints the completion script, generated from the very
// commander tree that parses the command line (src/program.ts, handed over by the context) (so it
// never lists a flag the parser rejects).
import type { WholeProgram } from '../../context.js';
import { helpTopics } from '../help/topics.js';
import { readArguments } from '../options.js';
import type { CommandHandler } from '../types.js';
import { COMPLETION_ARGUMENTS } from './flags.js';
import { generateCompletion, type Shell } from './generate.js';
import { type CompletionTree, completionTree } from './tree.js';

/** The completion data of the program with every command. */
export function programCompletionTree({ program, repeatable }: WholeProgram): CompletionTree {
  return completionTree(program, {
    repeatable,
    helpTopics: Object.fromEntries(Object.entries(helpTopics).map(([name, topic]) => [name, topic.summary])),
  });
}

export interface CompletionOptions {
  shell: Shell;
}

export const completion: CommandHandler<CompletionOptions> = {
  parse: (input) => {
    // readArguments refuses a shell outside the choices: `shell: must be one of bash, zsh, fish`.
    const { shell } = readArguments(COMPLETION_ARGUMENTS, input);
    return { shell: shell as Shell };
  },
  run: async ({ shell }, context) => {
    context.io.stdout.write(generateCompletion(shell, programCompletionTree(await context.wholeProgram())));
    return 0;
  },
};
