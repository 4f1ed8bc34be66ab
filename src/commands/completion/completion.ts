// `paygate completion bash|zsh|fish`: prints the completion script, generated from the very
// commander tree that parses the command line (src/program.ts) (so it never lists a flag the parser rejects).
import { Writable } from 'node:stream';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { createProgram } from '../../program.js';
import { helpTopics } from '../help/topics.js';
import { loadAllSpecs } from '../registry.js';
import type { CommandInput, ProgramSpecs } from '../types.js';
import { generateCompletion, SHELLS } from './generate.js';
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

export async function handleCompletion(input: CommandInput, context: Context): Promise<number> {
  const shell = SHELLS.find((name) => name === input.args[0]);
  if (!shell) throw new UsageError(`shell: must be one of ${SHELLS.join(', ')}`, { field: 'shell' });
  context.io.stdout.write(generateCompletion(shell, programCompletionTree(await loadAllSpecs())));
  return 0;
}
