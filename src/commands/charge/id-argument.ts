// A charge id typed by a person: checked before anything is sent, and told apart from a PIX txid
// (a bank statement shows the txid, not the charge id).
import { isValidTxid } from '../../domain/brcode.js';
import { UsageError } from '../../errors.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { sayCharge } from '../../text/en/charge.js';

/** A charge id from an argument: opaque (`ci_…`), but not empty and without spaces or slashes. */
export function chargeIdArgument(value: string | undefined): string {
  const id = (value ?? '').trim();
  if (id === '' || /[\s/?#]/.test(id)) {
    throw new UsageError(
      sayCharge('notChargeId', { value: JSON.stringify(sanitizeForTerminal(value ?? '')) }),
      {
        field: 'id',
      },
    );
  }
  return id;
}

/** What a value typed as an identifier is: a charge id (`ci_…`), a PIX txid, or neither. */
export function identifierKind(value: string): 'charge id' | 'txid' | 'other' {
  if (/^ci_/i.test(value)) return 'charge id';
  return isValidTxid(value.trim()) ? 'txid' : 'other';
}
