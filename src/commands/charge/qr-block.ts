// The QR code of a PIX copy-and-paste code, drawn to fit the terminal, with the code's line.
import type { Context } from '../../context.js';
import type { QrMode } from '../../output/qr.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { sayCharge } from '../../text/en/charge.js';
import { warnIfInvalidEmv } from './received-code-checks.js';

/**
 * The QR code (colour on a colour TTY, plain characters otherwise) and/or the copy-and-paste line
 * of a PIX code. A code that does not parse as a valid BR Code (bad CRC...) is drawn anyway, with
 * a loud warning on stderr: a payer's bank would reject it.
 */
export async function writeQrBlock(
  context: Context,
  emv: string,
  options: { qr?: boolean; emvLine: boolean; check?: boolean; showAgain?: string },
): Promise<void> {
  const out = context.io.stdout;
  if (options.check !== false) warnIfInvalidEmv(context, emv);
  const emvLine = () =>
    out.write(`${context.colors.bold(sayCharge('pixCopyPaste'))}\n${sanitizeForTerminal(emv)}\n`);
  if (options.qr === false) {
    if (options.emvLine) emvLine();
    return;
  }
  // Drawn to fit the terminal with the copy-and-paste line (src/output/qr.ts): the whole code
  // on the last screen whenever it can be.
  const { renderQrForTerminal, wrappedLines } = await import('../../output/qr.js');
  const size = context.io.terminalSize?.();
  const linesAfter = options.emvLine ? 2 + wrappedLines(emv.length, size?.columns ?? 80) : 0;
  const qr = await renderQrForTerminal(emv, {
    mode: qrMode(context),
    ...size,
    linesAfter,
    // As it will be printed (`node /…/bin/paygate.js …` when run so): its length decides its line.
    ...(options.showAgain !== undefined ? { showAgain: context.printCommands(options.showAgain) } : {}),
    // The demo's charge ends with its sandbox: no command can draw it again.
    ...(context.privateSandbox ? { seeAgain: context.privateSandbox.qrAfterwards } : {}),
  });
  if (options.emvLine && qr.linesAfterFirst) {
    emvLine();
    out.write('\n');
  }
  out.write(qr.text);
  if (options.emvLine && !qr.linesAfterFirst) {
    out.write('\n');
    emvLine();
  }
  const advice = qr.advice;
  if (advice) context.log.warn(advice);
  if (context.io.stdoutIsTTY && context.setting('qr') === 'auto' && !context.color) {
    // Colours are off (NO_COLOR, --no-color): drawn in the terminal's own ink, which reads
    // inverted on a dark background, and many phones then cannot scan it. Said, not guessed.
    context.log.info(sayCharge('qrTerminalColours'));
  }
}

/** The QR drawing mode: the `qr` setting, else black on white when colours are on. */
function qrMode(context: Context): QrMode {
  const setting = context.setting('qr');
  if (setting === 'color' || setting === 'plain' || setting === 'plain-dark') return setting;
  return context.color ? 'color' : 'plain';
}
