// `paygate completion bash|zsh|fish`: prints the completion script, generated from the very
// commander tree that parses the command line (src/program.ts) (so it never lists a flag the parser rejects).
import { Writable } from 'node:stream';
import { createProgram } from '../../program.js';
import { helpTopics } from '../help/topics.js';
import { readArguments } from '../options.js';
import { loadAllSpecs } from '../registry.js';
import type { CommandHandler, ProgramSpecs } from '../types.js';
import { COMPLETION_ARGUMENTS } from './flags.js';
import { generateCompletion, type Shell } from './generate.js';
import { type CompletionTree, completionTree } from './tree.js';

/** The completion data of the program, as `createProgram` builds it from every spec. */
export function programCompletionTree(allSpecs: ProgramSpecs): CompletionTree {
  // Only the tree is read: nothing is parsed, so nothing is written or run.
  const sink = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  const program = createProgram({ stdout: sink, stderr: sink }, async () => 0, allSpecs);
  const repeatable = new Set(
    allSpecs.commands.flatMap((spec) =>
      (spec.flags ?? [])
        .filter((flag) => flag.repeatable)
        .map((flag) => `${spec.path}|${/--[\w-]+/.exec(flag.flags)?.[0] ?? ''}`),
    ),
  );
  return completionTree(program, {
    repeatable: (path, long) => repeatable.has(`${path}|${long}`),
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
    context.io.stdout.write(generateCompletion(shell, programCompletionTree(await loadAllSpecs())));
    return 0;
  },
};
