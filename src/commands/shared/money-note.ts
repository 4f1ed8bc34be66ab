// A bare integer below 100 typed at a terminal (`--amount 15`) is said back as what it is, 15
// centavos, before anything is sent: the person may have meant reais. Scripts are not told.
// The domain decides when a figure needs the note (src/domain/money.ts); the words are said here,
// in the run's language.
import type { Context } from '../../context.js';
import { centavosReading, formatMoney, payoutCentavosNote, smallCentavosNote } from '../../domain/money.js';
import { sayShared } from '../../text/en/shared.js';

/** `--max-amount 99 is 99 centavos, R$ 0,99`, for a bare integer below 100; else undefined. */
export function smallCentavosText(input: string, flag: string): string | undefined {
  if (smallCentavosNote(input, flag) === undefined) return undefined;
  const count = Number(input.trim());
  return sayShared('smallCentavos', { flag, count, money: formatMoney(count) });
}

/** `--keep 100 is 100 centavos (R$ 1,00); write 100.00 for R$ 100,00`, for a payout's small bare integer. */
export function payoutCentavosText(input: string, flag: string): string | undefined {
  if (payoutCentavosNote(input, flag) === undefined) return undefined;
  const count = Number(input.trim());
  return sayShared('payoutCentavos', {
    flag,
    count,
    money: formatMoney(count),
    reais: formatMoney(count * 100),
  });
}

/** `--keep 100 = 100 centavos`: how a bare integer was read; undefined for reais or zero. */
export function centavosReadingText(input: string, flag: string): string | undefined {
  if (centavosReading(input, flag) === undefined) return undefined;
  return sayShared('centavosReading', { flag, count: Number(input.trim()) });
}

/**
 * Notes on stderr what a small centavos value means, when a person typed it at a terminal.
 * Returns whether it did (the command may then ask before it sends).
 */
export function noteSmallCentavos(context: Context, input: string | undefined, flag: string): boolean {
  const note = input === undefined ? undefined : smallCentavosText(input, flag);
  if (!note || !atTerminal(context)) return false;
  writeSmallCentavosNotes(context, [note]);
  return true;
}

function atTerminal(context: Context): boolean {
  return context.io.stdinIsTTY && context.io.stdoutIsTTY;
}

/** Notes a command's parse made (smallCentavosText), on stderr when a person typed them at a terminal. */
export function writeSmallCentavosNotes(context: Context, notes: readonly string[]): void {
  if (!atTerminal(context)) return;
  for (const note of notes) context.log.warn(note);
}
