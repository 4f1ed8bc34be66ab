// An amount said in figures and in words, `R$ 959,10 (novecentos e cinquenta e nove reais e dez
// centavos)`, in a confirmation asked before money moves: a slip of a digit or of the decimal
// point reads differently in words (docs/language.md).
import { formatMoney } from '../../domain/money.js';
import type { MoneyReading } from '../../domain/money-reading.js';
import { formatReading } from '../../output/format.js';
import { amountInWords } from '../../text/amount-in-words.js';
import { currentLanguage } from '../../text/catalog.js';
import { sayShared } from '../../text/en/shared.js';

/** Integer centavos in figures and words, in the run's language. */
export function moneyWithWords(centavos: number): string {
  return sayShared('moneyWithWords', {
    money: formatMoney(centavos),
    words: amountInWords(centavos, currentLanguage()),
  });
}

/** An amount as the gateway wrote it: in words when its unit is known, else as received (never guessed). */
export function readingWithWords(reading: MoneyReading | undefined): string {
  return reading?.known ? moneyWithWords(reading.centavos) : formatReading(reading);
}
