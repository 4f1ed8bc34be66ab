// A bare integer below 100 typed at a terminal (`--amount 15`) is said back as what it is, 15
// centavos, before anything is sent: the person may have meant reais. Scripts are not told.
// The note itself, in the run's language, is the domain's (smallCentavosNote, src/domain/money.ts).
import type { Context } from '../../context.js';
import { smallCentavosNote } from '../../domain/money.js';

/**
 * Notes on stderr what a small centavos value means, when a person typed it at a terminal.
 * Returns whether it did (the command may then ask before it sends).
 */
export function noteSmallCentavos(context: Context, input: string | undefined, flag: string): boolean {
  const note = input === undefined ? undefined : smallCentavosNote(input, flag);
  if (!note || !atTerminal(context)) return false;
  writeSmallCentavosNotes(context, [note]);
  return true;
}

function atTerminal(context: Context): boolean {
  return context.io.stdinIsTTY && context.io.stdoutIsTTY;
}

/** Notes a command's parse made (smallCentavosNote), on stderr when a person typed them at a terminal. */
export function writeSmallCentavosNotes(context: Context, notes: readonly string[]): void {
  if (!atTerminal(context)) return;
  for (const note of notes) context.log.warn(note);
}
