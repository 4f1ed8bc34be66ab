// The small PDF a boleto's pdf_url serves (GET /boletos/{id}.pdf): one page with payee, payer,
// amount, due date and the line, so that a download can be checked end to end.
import { formatBoletoLine } from '../domain/boleto.js';
import type { StoredBoleto } from './records.js';

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
