// `paygate charge qr EMV|-`: checks a PIX copy-and-paste code (TLV structure, CRC16), prints its
// fields and draws it. Offline: nothing is sent.
import type { Context } from '../../context.js';
import { type BrCode, parseBrCode } from '../../domain/brcode.js';
import { formatMoney } from '../../domain/money.js';
import { UsageError } from '../../errors.js';
import { type Field, formatJson, writeObject } from '../../output/render.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { inEnglish } from '../../text/in-english.js';
import { readArguments, readFlags } from '../options.js';
import { readAllStdin } from '../shared/read-input.js';
import type { CommandHandler } from '../types.js';
import { CHARGE_QR_ARGUMENTS, CHARGE_QR_FLAGS } from './flags.js';
import { writeQrBlock } from './qr-block.js';

/**
 * The `charge qr --json` contract, in its order, plus `recurrence_url` (Pix
 * Automático) and `problems` (warnings: the code is readable). `errors` go to stderr.
 */
export function brCodeJson(code: BrCode): Record<string, unknown> {
  return {
    valid: code.valid,
    initiation: code.initiation,
    key: code.key,
    url: code.url,
    recurrence_url: code.recurrence_url,
    merchant_name: code.merchant_name,
    merchant_city: code.merchant_city,
    amount: code.amount,
    txid: code.txid,
    crc: code.crc,
    fields: code.fields,
    problems: code.problems,
  };
}

const brCodeFields: Field<BrCode>[] = [
  {
    label: 'Valid',
    value: (code) => code.valid,
    display: (code, c) => (code.valid ? c.green('yes') : c.red('no')),
  },
  { label: 'Merchant', value: (code) => code.merchant_name ?? '' },
  { label: 'City', value: (code) => code.merchant_city ?? '' },
  {
    label: 'Amount',
    value: (code) => code.amount ?? '',
    display: (code) => (code.amount === null ? 'open (the payer types it)' : formatMoney(code.amount)),
  },
  { label: 'TXID', value: (code) => code.txid ?? '' },
  { label: 'Key', value: (code) => code.key ?? '' },
  { label: 'URL', value: (code) => code.url ?? '' },
  { label: 'Recurrence', value: (code) => code.recurrence_url ?? '' },
  { label: 'Initiation', value: (code) => code.initiation ?? '' },
  { label: 'CRC', value: (code) => code.crc ?? '' },
];

export interface ChargeQrOptions {
  /** The code as given, or `stdin` (`charge qr -`): read from stdin when the command runs. */
  emv: { from: 'argument'; text: string } | { from: 'stdin' };
  /** Draw the code (--no-qr: only its fields). */
  qr: boolean;
}

export const chargeQr: CommandHandler<ChargeQrOptions> = {
  parse(input) {
    const flags = readFlags(CHARGE_QR_FLAGS, input);
    const { emv } = readArguments(CHARGE_QR_ARGUMENTS, input);
    return { emv: emv === '-' ? { from: 'stdin' } : { from: 'argument', text: emv }, qr: flags.qr };
  },
  run: checkCode,
};

async function checkCode(options: ChargeQrOptions, context: Context): Promise<number> {
  const source = options.emv;
  const fromStdin = source.from === 'stdin';
  const emv = (fromStdin ? await readAllStdin(context) : source.text).trim();
  if (emv === '') {
    throw new UsageError(
      fromStdin ? 'emv: nothing on stdin: pipe the copy-and-paste code in' : 'emv: the code is empty',
      { field: 'emv' },
    );
  }
  // Scripts read the problems in English whatever the run's language (docs/language.md).
  const code = context.output === 'table' ? parseBrCode(emv) : inEnglish(() => parseBrCode(emv));
  if (code.fields[0]?.id !== '00') {
    // Not a BR Code at all (a word, a URL, a boleto line): one line, not a table of blanks.
    throw new UsageError(
      'emv: not a PIX copy-and-paste code (it starts with 000201; paste the whole line, or `-` to read it from stdin)',
      { field: 'emv' },
    );
  }
  const out = context.io.stdout;
  if (context.output === 'json' || context.output === 'ndjson') {
    out.write(formatJson(brCodeJson(code), context.output));
  } else {
    writeObject(out, context.output, code, brCodeFields, { colors: context.colors });
    if (code.valid && options.qr && context.output === 'table') {
      out.write('\n');
      await writeQrBlock(context, emv, { emvLine: false });
    }
  }
  for (const problem of code.problems) context.log.warn(`emv: ${sanitizeForTerminal(problem)}`);
  if (!code.valid) {
    const problems = code.errors.map((problem) => `  - ${sanitizeForTerminal(problem)}`).join('\n');
    throw new UsageError(
      `emv: not a valid PIX code (${code.errors.length} problem${code.errors.length === 1 ? '' : 's'}):\n${problems}`,
      { field: 'emv' },
    );
  }
  return 0;
}
