// The sandbox's terms for card and boleto charges (README.md in this folder, "Card and boleto"):
// the test values that choose an outcome, the fee rates, the capture window, the bank code, the
// payers' ledger account and the views of a charge's `card` and `boleto`. Every value here is
// documented in that README; the boleto's PDF is boleto-pdf.ts.
import { account } from './ledger.js';
import type { ChargeRecord, StoredBoleto, StoredCard } from './records.js';

/** Percent fee of a card charge: the gateway API gives no figure, so the sandbox fixes one (README). */
export const CARD_FEE_RATE = 4.99;
/** Percent fee of a boleto: the gateway API gives no figure, so the sandbox fixes one (README). */
export const BOLETO_FEE_RATE = 1.99;
/** How long an authorised (manual capture) card charge can be captured. */
export const CAPTURE_WINDOW_MS = 7 * 86_400_000;
/** The bank code of sandbox boletos: 999 is no real bank, so no line can be paid anywhere. */
export const SANDBOX_BOLETO_BANK = '999';

/** Test values: an amount ending in 51 centavos is declined for lack of funds. */
export const DECLINED_AMOUNT_CENTAVOS = 51;
/** Test values: a card whose holder name is this is declined. */
export const DECLINED_HOLDER_NAME = 'RECUSADO';

/** Why a card charge is declined, or null when it is authorised. */
export function cardDecline(amount: number, holderName: string): string | null {
  if (amount % 100 === DECLINED_AMOUNT_CENTAVOS) return 'insufficient_funds';
  if (holderName.trim().toUpperCase() === DECLINED_HOLDER_NAME) return 'card_declined';
  return null;
}

/** The payers' side of the ledger for a charge's method. */
export function paymentSource(charge: ChargeRecord): string {
  if (charge.payment_method === 'card') return account.cardIn;
  if (charge.payment_method === 'boleto') return account.boletoIn;
  return account.pixIn;
}

export function cardView(card: StoredCard): Record<string, unknown> {
  return {
    brand: card.brand,
    last4: card.last4,
    installments: card.installments,
    captured: card.captured,
    authorization_code: card.authorization_code,
    captured_amount: card.captured_amount,
    capture_before: card.capture_before,
    statement_descriptor: card.statement_descriptor,
  };
}

export function boletoView(boleto: StoredBoleto): Record<string, unknown> {
  return {
    line: boleto.line,
    barcode: boleto.barcode,
    pdf_url: boleto.pdf_url,
    due_date: boleto.due_date,
    fine: boleto.fine,
    interest: boleto.interest,
    discount: boleto.discount,
    discount_until: boleto.discount_until,
    instructions: boleto.instructions,
  };
}
