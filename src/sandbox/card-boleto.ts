// Card and boleto in the sandbox (README.md in this folder, "Card and boleto"): the test values that choose an outcome, fee
// rates, the capture window, the views of a charge's `card` and `boleto`, and the small PDF a
// boleto's pdf_url serves. Every value here is documented in README.md (same folder).
import { formatBoletoLine } from '../domain/boleto.js';
import { account } from './ledger.js';
import type { ChargeRecord, StoredBoleto, StoredCard } from './records.js';

/** Percent fee of a card charge: no SPEC figure, an assumption (README). */
export const CARD_FEE_RATE = 4.99;
/** Percent fee of a boleto: no SPEC figure, an assumption (README). */
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
export function paymentSource(c: ChargeRecord): string {
  if (c.payment_method === 'card') return account.cardIn;
  if (c.payment_method === 'boleto') return account.boletoIn;
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

/** Printable ASCII only, with PDF string delimiters escaped (the PDF uses a standard font). */
function pdfText(text: string): string {
  const ascii = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?');
  return ascii.replace(/[\\()]/g, (character) => `\\${character}`);
}

export interface BoletoPdfContent {
  chargeId: string;
  payee: string;
  payer: string;
  amountText: string;
  boleto: StoredBoleto;
}

/**
 * A one-page PDF 1.4 (all ASCII, byte offsets exact): payee, payer, amount, due date, line. Not a
 * bank's layout, but a real file any PDF reader opens, so a download can be checked end to end.
 */
export function boletoPdf(content: BoletoPdfContent): string {
  const lines = [
    'BOLETO (paygate sandbox - not payable)',
    `Beneficiario: ${content.payee}`,
    `Pagador: ${content.payer}`,
    `Valor: ${content.amountText}   Vencimento: ${content.boleto.due_date}`,
    `Linha digitavel: ${formatBoletoLine(content.boleto.line)}`,
    `Cobranca ${content.chargeId}`,
  ];
  const stream = `BT /F1 11 Tf 40 800 Td 16 TL ${lines.map((line) => `(${pdfText(line)}) '`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return pdf;
}
