// `paygate boleto inspect LINE|BARCODE|-`: checks a boleto's digits and prints what it encodes
// Offline, like `charge qr`: nothing is sent.
import type { Context } from '../../context.js';
import { type Boleto, formatBoletoLine, inspectBoleto } from '../../domain/boleto.js';
import { formatMoney } from '../../domain/money.js';
import { UsageError } from '../../errors.js';
import { formatTimestamp } from '../../output/format.js';
import { type Field, formatJson, writeObject } from '../../output/render.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { boletoLabel, sayBoleto } from '../../text/en/boleto.js';
import { tableWords } from '../../text/in-english.js';
import { readArguments } from '../options.js';
import { readAllStdin } from '../shared/read-input.js';
import type { CommandHandler } from '../types.js';
import { BOLETO_INSPECT_ARGUMENTS } from './flags.js';

/** The `boleto inspect --json` contract, in its order. */
export function boletoJson(boleto: Boleto): Record<string, unknown> {
  return {
    valid: boleto.valid,
    kind: boleto.kind,
    line: boleto.line,
    barcode: boleto.barcode,
    bank: boleto.bank,
    amount: boleto.amount,
    due_date: boleto.due_date,
    due_date_candidates: boleto.due_date_candidates,
    segment: boleto.segment,
    problems: boleto.problems,
  };
}

/** The due date for people, as tables write dates in the run's language (`11/06/2018` in Portuguese). */
function dueDateText(boleto: Boleto): string {
  if (boleto.due_date === null) return boleto.due_date_note ?? '';
  const others = boleto.due_date_candidates.filter((date) => date !== boleto.due_date);
  const date = formatTimestamp(boleto.due_date);
  return others.length === 0
    ? date
    : sayBoleto('dueDateCandidates', {
        date,
        others: others.map((other) => formatTimestamp(other)).join(', '),
      });
}

/** A boleto's fields: labels in the run's language for people (a table), in English for csv/plain. */
function boletoFields(forPeople: boolean): Field<Boleto>[] {
  const label = (key: Parameters<typeof boletoLabel>[0]) => boletoLabel(key, forPeople);
  return [
    {
      label: label('labelValid'),
      value: (boleto) => boleto.valid,
      display: (boleto, c) => (boleto.valid ? c.green(sayBoleto('yes')) : c.red(sayBoleto('no'))),
    },
    {
      label: label('labelKind'),
      value: (boleto) => boleto.kind ?? '',
      display: (boleto) =>
        boleto.kind === null ? '' : sayBoleto(boleto.kind === 'bank' ? 'kindBank' : 'kindConvenio'),
    },
    { label: label('labelBank'), value: (boleto) => boleto.bank ?? '' },
    {
      label: label('labelAmount'),
      value: (boleto) => boleto.amount ?? '',
      display: (boleto) =>
        boleto.amount === null
          ? boleto.kind === 'convenio'
            ? sayBoleto('reference')
            : ''
          : formatMoney(boleto.amount),
    },
    { label: label('labelDueDate'), value: (boleto) => boleto.due_date ?? '', display: dueDateText },
    { label: label('labelSegment'), value: (boleto) => boleto.segment ?? '' },
    {
      label: label('labelLine'),
      value: (boleto) => boleto.line ?? '',
      display: (boleto) => (boleto.line === null ? '' : formatBoletoLine(boleto.line)),
    },
    { label: label('labelBarcode'), value: (boleto) => boleto.barcode ?? '' },
  ];
}

/** The line to inspect: given as the argument (trimmed, not empty), or `-`: read from stdin. */
export type BoletoInspectOptions = { line: string } | { fromStdin: true };

export const boletoInspect: CommandHandler<BoletoInspectOptions> = {
  parse: (input) => {
    const argument = readArguments(BOLETO_INSPECT_ARGUMENTS, input).line;
    if (argument === '-') return { fromStdin: true };
    const line = argument.trim();
    if (line === '') throw new UsageError(sayBoleto('lineEmpty'), { field: 'line' });
    return { line };
  },
  run: inspectLine,
};

async function inspectLine(options: BoletoInspectOptions, context: Context): Promise<number> {
  const text = 'line' in options ? options.line : (await readAllStdin(context)).trim();
  if (text === '') {
    throw new UsageError(sayBoleto('nothingOnStdin'), { field: 'line' });
  }
  const inspect = () => inspectBoleto(text, context.clock.now());
  // Scripts read the problems in English whatever the run's language (docs/language.md).
  const boleto = tableWords(context.output, inspect);
  const out = context.io.stdout;
  if (context.output === 'json' || context.output === 'ndjson') {
    out.write(formatJson(boletoJson(boleto), context.output));
  } else {
    writeObject(out, context.output, boleto, boletoFields(context.output === 'table'), {
      colors: context.colors,
    });
  }
  if (!boleto.valid) {
    const count = boleto.problems.length;
    const problems = boleto.problems.map((problem) => `  - ${sanitizeForTerminal(problem)}`).join('\n');
    throw new UsageError(sayBoleto('notValid', { count, problems }), { field: 'line' });
  }
  return 0;
}
