// An amount of money written out in words, as a cheque or a bank's confirmation writes it
// ("novecentos e cinquenta e nove reais e dez centavos"): read back before money moves, it
// catches a slip of a digit or a decimal point that the figures alone let pass. Pure, and
// imports nothing of paygate's (docs/language.md, the catalog).
import type { Language } from './language.js';

/** Reais, scale by scale, up to the trillions: R$ 999.999.999.999.999,99 (far above any payout). */
const MAX_CENTAVOS = 999_999_999_999_999_99n;

const PORTUGUESE_UNITS = [
  'zero',
  'um',
  'dois',
  'três',
  'quatro',
  'cinco',
  'seis',
  'sete',
  'oito',
  'nove',
  'dez',
  'onze',
  'doze',
  'treze',
  'quatorze',
  'quinze',
  'dezesseis',
  'dezessete',
  'dezoito',
  'dezenove',
];
const PORTUGUESE_TENS = [
  '',
  '',
  'vinte',
  'trinta',
  'quarenta',
  'cinquenta',
  'sessenta',
  'setenta',
  'oitenta',
  'noventa',
];
const PORTUGUESE_HUNDREDS = [
  '',
  'cento',
  'duzentos',
  'trezentos',
  'quatrocentos',
  'quinhentos',
  'seiscentos',
  'setecentos',
  'oitocentos',
  'novecentos',
];
/** Each scale above the units: one of it, and more than one (mil has one form). */
const PORTUGUESE_SCALES = [
  { one: 'mil', other: 'mil' },
  { one: 'milhão', other: 'milhões' },
  { one: 'bilhão', other: 'bilhões' },
  { one: 'trilhão', other: 'trilhões' },
];

const ENGLISH_UNITS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const ENGLISH_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const ENGLISH_SCALES = ['thousand', 'million', 'billion', 'trillion'];

/** 1 to 999 in Portuguese: "cem", "cento e um", "novecentos e cinquenta e nove". */
function portugueseBelowThousand(number: number): string {
  if (number === 100) return 'cem';
  const hundreds = Math.floor(number / 100);
  const rest = number % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(PORTUGUESE_HUNDREDS[hundreds]!);
  if (rest >= 20) {
    parts.push(PORTUGUESE_TENS[Math.floor(rest / 10)]!);
    if (rest % 10 > 0) parts.push(PORTUGUESE_UNITS[rest % 10]!);
  } else if (rest > 0) {
    parts.push(PORTUGUESE_UNITS[rest]!);
  }
  return parts.join(' e ');
}

/** 1 to 999 in English: "one hundred one", "nine hundred fifty-nine". */
function englishBelowThousand(number: number): string {
  const hundreds = Math.floor(number / 100);
  const rest = number % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(`${ENGLISH_UNITS[hundreds]} hundred`);
  if (rest >= 20) {
    const tens = ENGLISH_TENS[Math.floor(rest / 10)]!;
    parts.push(rest % 10 > 0 ? `${tens}-${ENGLISH_UNITS[rest % 10]}` : tens);
  } else if (rest > 0) {
    parts.push(ENGLISH_UNITS[rest]!);
  }
  return parts.join(' ');
}

/** The groups of three digits of `number`, the units' first: 1_234_567 → [567, 234, 1]. */
function groupsOf(number: bigint): number[] {
  const groups: number[] = [];
  for (let rest = number; rest > 0n; rest /= 1000n) groups.push(Number(rest % 1000n));
  return groups;
}

/**
 * A whole number in Portuguese. Groups are joined by "e" when the last one stands alone as
 * below a hundred or a round hundred ("mil e um", "mil e cem", "um milhão e duzentos"), else by
 * a comma-less space ("mil duzentos e trinta e quatro", the usual way of cheques).
 */
function portugueseNumber(number: bigint): string {
  if (number === 0n) return 'zero';
  const groups = groupsOf(number);
  const said: string[] = [];
  for (let scale = groups.length - 1; scale >= 0; scale--) {
    const group = groups[scale]!;
    if (group === 0) continue;
    if (scale === 0) said.push(portugueseBelowThousand(group));
    else if (scale === 1) said.push(group === 1 ? 'mil' : `${portugueseBelowThousand(group)} mil`);
    else {
      const name = PORTUGUESE_SCALES[scale - 1]!;
      said.push(`${portugueseBelowThousand(group)} ${group === 1 ? name.one : name.other}`);
    }
  }
  const lowest = groups.findIndex((group) => group !== 0);
  const last = groups[lowest]!;
  if (said.length > 1 && (last < 100 || last % 100 === 0)) {
    return `${said.slice(0, -1).join(' ')} e ${said[said.length - 1]}`;
  }
  return said.join(' ');
}

/** A whole number in English: "one million two hundred thousand five". */
function englishNumber(number: bigint): string {
  if (number === 0n) return 'zero';
  const groups = groupsOf(number);
  const said: string[] = [];
  for (let scale = groups.length - 1; scale >= 0; scale--) {
    const group = groups[scale]!;
    if (group === 0) continue;
    said.push(
      scale === 0
        ? englishBelowThousand(group)
        : `${englishBelowThousand(group)} ${ENGLISH_SCALES[scale - 1]}`,
    );
  }
  return said.join(' ');
}

/**
 * Whether Portuguese says "de reais": a round million, billion or trillion ("um milhão de reais",
 * "dois bilhões de reais"), not "um milhão e cem reais" nor "mil reais".
 */
function takesDe(reais: bigint): boolean {
  return reais >= 1_000_000n && reais % 1_000_000n === 0n;
}

/**
 * `centavos` (an integer, 0 to R$ 999.999.999.999.999,99) in words in `language`:
 * 95910 → "novecentos e cinquenta e nove reais e dez centavos" /
 * "nine hundred fifty-nine reais and ten centavos"; 100 → "um real"; 1 → "um centavo";
 * 0 → "zero reais". Anything else is a RangeError: money of unknown unit is never
 * written out.
 */
export function amountInWords(centavos: number | bigint, language: Language): string {
  const amount =
    typeof centavos === 'bigint' ? centavos : Number.isSafeInteger(centavos) ? BigInt(centavos) : -1n;
  if (amount < 0n || amount > MAX_CENTAVOS) {
    throw new RangeError(`amountInWords: ${String(centavos)} is not a whole number of centavos in range`);
  }
  const reais = amount / 100n;
  const cents = amount % 100n;
  if (language === 'pt-BR') {
    const reaisText =
      reais === 1n ? 'um real' : `${portugueseNumber(reais)}${takesDe(reais) ? ' de' : ''} reais`;
    const centsText = cents === 1n ? 'um centavo' : `${portugueseNumber(cents)} centavos`;
    if (cents === 0n) return reais === 0n ? 'zero reais' : reaisText;
    return reais === 0n ? centsText : `${reaisText} e ${centsText}`;
  }
  const reaisText = reais === 1n ? 'one real' : `${englishNumber(reais)} reais`;
  const centsText = cents === 1n ? 'one centavo' : `${englishNumber(cents)} centavos`;
  if (cents === 0n) return reais === 0n ? 'zero reais' : reaisText;
  return reais === 0n ? centsText : `${reaisText} and ${centsText}`;
}
