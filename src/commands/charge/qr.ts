// `paygate charge qr EMV|-`: checks a PIX copy-and-paste code (TLV structure, CRC16), prints its
// fields and draws it. Offline: nothing is sent.
import type { Context } from '../../context.js';
import { type BrCode, parseBrCode } from '../../domain/brcode.js';
import { formatMoney } from '../../domain/money.js';
import { UsageError } from '../../errors.js';
import { type Field, formatJson, writeObject } from '../../output/render.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { chargeLabel, sayCharge } from '../../text/en/charge.js';
import { tableWords } from '../../text/in-english.js';
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

/** The fields of a code: labels in the run's language for people (a table), in English for csv/plain. */
function brCodeFields(forPeople: boolean): Field<BrCode>[] {
  const label = (key: Parameters<typeof chargeLabel>[0]) => chargeLabel(key, forPeople);
  return [
    {
      label: label('qrLabelValid'),
      value: (code) => code.valid,
      display: (code, c) => (code.valid ? c.green(sayCharge('yes')) : c.red(sayCharge('no'))),
    },
    { label: label('qrLabelMerchant'), value: (code) => code.merchant_name ?? '' },
    { label: label('qrLabelCity'), value: (code) => code.merchant_city ?? '' },
    {
      label: label('qrLabelAmount'),
      value: (code) => code.amount ?? '',
      display: (code) => (code.amount === null ? sayCharge('qrOpenAmount') : formatMoney(code.amount)),
    },
    { label: label('qrLabelTxid'), value: (code) => code.txid ?? '' },
    { label: label('qrLabelKey'), value: (code) => code.key ?? '' },
    { label: label('qrLabelUrl'), value: (code) => code.url ?? '' },
    { label: label('qrLabelRecurrence'), value: (code) => code.recurrence_url ?? '' },
    { label: label('qrLabelInitiation'), value: (code) => code.initiation ?? '' },
    { label: label('qrLabelCrc'), value: (code) => code.crc ?? '' },
  ];
}

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
    throw new UsageError(sayCharge(fromStdin ? 'emvNothingOnStdin' : 'emvEmpty'), { field: 'emv' });
  }
  // Scripts read the problems in English whatever the run's language (docs/language.md).
  const code = tableWords(context.output, () => parseBrCode(emv));
  if (code.fields[0]?.id !== '00') {
    // Not a BR Code at all (a word, a URL, a boleto line): one line, not a table of blanks.
    throw new UsageError(sayCharge('emvNotPixCode'), { field: 'emv' });
  }
  const out = context.io.stdout;
  if (context.output === 'json' || context.output === 'ndjson') {
    out.write(formatJson(brCodeJson(code), context.output));
  } else {
    writeObject(out, context.output, code, brCodeFields(context.output === 'table'), {
      colors: context.colors,
    });
    if (code.valid && options.qr && context.output === 'table') {
      out.write('\n');
      await writeQrBlock(context, emv, { emvLine: false });
    }
  }
  for (const problem of code.problems) context.log.warn(`emv: ${sanitizeForTerminal(problem)}`);
  if (!code.valid) {
    const problems = code.errors.map((problem) => `  - ${sanitizeForTerminal(problem)}`).join('\n');
    throw new UsageError(sayCharge('emvNotValid', { count: code.errors.length, problems }), { field: 'emv' });
  }
  return 0;
}
