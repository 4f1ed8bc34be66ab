// Words of `boleto inspect` (src/commands/boleto/): its errors and its labels. Labels are for
// people: csv and plain keep the English ones (`boletoLabel`), the same bytes for scripts.
import { englishTexts } from '../catalog.js';
import { sayFor } from '../in-english.js';

const boletoEnglish = {
  labelValid: 'Valid',
  labelKind: 'Kind',
  labelBank: 'Bank',
  labelAmount: 'Amount',
  labelDueDate: 'Due date',
  labelSegment: 'Segment',
  labelLine: 'Line',
  labelBarcode: 'Barcode',
  yes: 'yes',
  no: 'no',
  kindBank: 'bank',
  kindConvenio: 'convenio',
  reference: 'a reference, not a value',
  dueDateCandidates: '{date} (nearest today; the factor also means {others})',
  lineEmpty: 'line: the line is empty',
  nothingOnStdin: 'line: nothing on stdin: pipe the line or barcode in',
  notValid: {
    one: 'line: not a valid boleto ({count} problem):\n{problems}',
    other: 'line: not a valid boleto ({count} problems):\n{problems}',
  },
} as const;

export type BoletoEnglish = typeof boletoEnglish;
export const sayBoleto = englishTexts('boleto', boletoEnglish);

type BoletoLabel =
  | 'labelValid'
  | 'labelKind'
  | 'labelBank'
  | 'labelAmount'
  | 'labelDueDate'
  | 'labelSegment'
  | 'labelLine'
  | 'labelBarcode';

/** A label for people (the run's language) or for scripts (csv, plain: always the English one). */
export function boletoLabel(key: BoletoLabel, forPeople: boolean): string {
  // Through the area's say function: the built catalog makes its texts on first use.
  return sayFor(sayBoleto, forPeople)(key);
}
