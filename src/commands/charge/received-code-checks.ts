// Codes the gateway returned (a PIX copy-and-paste code, a boleto line) are checked before a
// person hands them out: a broken one is reported loudly on stderr, and shown anyway.
import type { Context } from '../../context.js';
import { inspectBoleto } from '../../domain/boleto.js';
import { parseBrCode } from '../../domain/brcode.js';
import { isJsonObject } from '../../json.js';
import type { Colors } from '../../output/colors.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import type { Charge } from '../../schemas/charge.js';
import { sayCharge } from '../../text/en/charge.js';

/** Checks a boleto's digitable line received from the gateway; a broken one is reported loudly. */
export function warnIfInvalidBoletoLine(context: Context, charge: Charge): void {
  const boleto = isJsonObject(charge.boleto) ? charge.boleto : undefined;
  const line = boleto?.line ?? boleto?.digitable_line;
  if (typeof line !== 'string' || line === '') return;
  const reading = inspectBoleto(line, context.clock.now());
  if (reading.valid) return;
  const c: Colors = context.errorColors;
  context.io.stderr.write(
    `${sayCharge('invalidCodeWarning', {
      warning: c.red(c.bold(sayCharge('invalidBoletoLine'))),
      problems: reading.problems.map(sanitizeForTerminal).join('; '),
    })}\n${c.red(sayCharge('payerBankRejects'))}\n`,
  );
}

/** Checks a PIX code received from the gateway; a broken one is reported loudly on stderr. */
export function warnIfInvalidEmv(context: Context, emv: string): boolean {
  const code = parseBrCode(emv);
  if (code.valid) return true;
  const c: Colors = context.errorColors;
  const problems = code.errors.map((problem) => sanitizeForTerminal(problem)).join('; ');
  context.io.stderr.write(
    `${sayCharge('invalidCodeWarning', { warning: c.red(c.bold(sayCharge('invalidPixCode'))), problems })}\n` +
      `${c.red(sayCharge('payerBankRejects'))}\n`,
  );
  return false;
}
