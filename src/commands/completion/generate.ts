// Completion scripts for bash, zsh and fish, generated from the command tree (tree.ts): commands,
// subcommands, flags, the values of enum flags and enum arguments, file names where a flag takes a
// file. Pure: data in, text out. The scripts are static (no call back into paygate at TAB time).
import { generateBash } from './bash.js';
import { generateFish } from './fish.js';
import { COMPLETION_ARGUMENTS } from './flags.js';
import type { CompletionTree } from './tree.js';
import { generateZsh } from './zsh.js';

/** The shells `completion` writes a script for (its argument's choices). */
export const SHELLS = COMPLETION_ARGUMENTS[0].choices;
export type Shell = (typeof SHELLS)[number];

export function generateCompletion(shell: Shell, tree: CompletionTree): string {
  switch (shell) {
    case 'bash':
      return generateBash(tree);
    case 'zsh':
      return generateZsh(tree);
    case 'fish':
      return generateFish(tree);
  }
}
