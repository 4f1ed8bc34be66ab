// A bare integer below 100 typed at a terminal (`--amount 15`) is said back as what it is, 15
// centavos, before anything is sent: the person may have meant reais. Scripts are not told.
import type { Context } from '../../context.js';
import { smallCentavosNote } from '../../domain/money.js';

/** Notes on stderr what a small centavos value means, when a person typed it at a terminal. */
export function noteSmallCentavos(context: Context, input: string | undefined, flag: string): void {
  if (input === undefined || !context.io.stdinIsTTY || !context.io.stdoutIsTTY) return;
  const note = smallCentavosNote(input, flag);
  if (note) context.log.warn(note);
}
