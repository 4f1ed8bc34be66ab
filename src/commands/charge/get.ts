// `paygate charge get ID [--qr]`, and `charge get -`: ids on stdin, one a line, fetched with
// bounded concurrency and streamed out as they complete (memory stays flat whatever the count).
import { createInterface, type Interface } from 'node:readline';
import { AuthenticationError, NotFoundError, PermissionError } from '../../api/errors.js';
import type { Context } from '../../context.js';
import { declaredMoneyUnit } from '../../domain/money-reading.js';
import { ExitCode, PaygateError } from '../../errors.js';
import { errorMessage } from '../../output/error-text.js';
import { terminalFit, writeList } from '../../output/render.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import type { Charge } from '../../schemas/charge.js';
import { sayCharge } from '../../text/en/charge.js';
import { sayCommon } from '../../text/en/common.js';
import { readArguments, readFlags } from '../options.js';
import { chargeStatusWords } from '../shared/status-words.js';
import type { CommandHandler } from '../types.js';
import { CHARGE_GET_ARGUMENTS, CHARGE_GET_FLAGS } from './flags.js';
import { chargeIdArgument, identifierKind } from './id-argument.js';
import { chargeColumns } from './list-columns.js';
import { mapConcurrent } from './map-concurrent.js';
import { writeCharge } from './view.js';

/** One charge (`charge get ID`), or every id on stdin (`charge get -`, read by run). */
export type ChargeGetOptions =
  | {
      from: 'argument';
      /** Checked to be a charge id. */
      id: string;
      /** Draw its QR code again. */
      qr: boolean;
    }
  | {
      from: 'stdin';
      /** At most this many requests at a time. */
      concurrency: number;
    };

export const chargeGet: CommandHandler<ChargeGetOptions> = {
  parse(input) {
    const flags = readFlags(CHARGE_GET_FLAGS, input);
    const { id } = readArguments(CHARGE_GET_ARGUMENTS, input);
    if (id === '-') return { from: 'stdin', concurrency: flags.concurrency };
    return { from: 'argument', id: chargeIdArgument(id), qr: flags.qr === true };
  },
  run: (options, context) =>
    options.from === 'stdin'
      ? getMany(context, options.concurrency)
      : getOne(context, options.id, options.qr),
};

async function getOne(context: Context, id: string, qr: boolean): Promise<number> {
  const client = await context.client();
  let charge: Charge;
  try {
    charge = await client.charges.get(id, { signal: context.signal });
  } catch (error) {
    throw error instanceof NotFoundError && identifierKind(id) === 'txid' ? notFoundByTxid(error, id) : error;
  }
  await writeCharge(context, charge, { qr });
  return 0;
}

function notFoundByTxid(error: NotFoundError, id: string): PaygateError {
  return new PaygateError(error.message, error.exitCode, {
    ...error.details,
    hint: sayCharge('looksLikeTxid', { id }),
  });
}

/** Non-empty, trimmed lines; `#` starts a comment line. */
async function* idLines(lines: Interface): AsyncGenerator<string> {
  for await (const line of lines) {
    const id = line.trim();
    if (id !== '' && !id.startsWith('#')) yield id;
  }
}

/**
 * `charge get -`: every id is fetched (GETs are retried and paced by the client); results stream
 * out as they complete. A failed id is reported on stderr and the others go on; the exit code is
 * 3 when any id was not found, else that of the first failure. An authentication or permission
 * failure stops everything (every other id would fail the same way), as does Ctrl-C.
 */
async function getMany(context: Context, concurrency: number): Promise<number> {
  const client = await context.client();
  let failures = 0;
  let notFound = 0;
  let firstFailureCode: number | undefined;
  const stop = new AbortController();
  const signal = AbortSignal.any([context.signal, stop.signal]);

  async function* charges(): AsyncGenerator<Charge> {
    const results = mapConcurrent(idLines(lines), concurrency, async (id) =>
      client.charges.get(chargeIdArgument(id), { signal }),
    );
    for await (const result of results) {
      if (result.ok) {
        yield result.value;
        continue;
      }
      const { error, input } = result;
      if (error instanceof AuthenticationError || error instanceof PermissionError) {
        stop.abort();
        throw error;
      }
      if (context.signal.aborted) throw error;
      failures++;
      if (error instanceof NotFoundError) notFound++;
      firstFailureCode ??= error instanceof PaygateError ? error.exitCode : ExitCode.Internal;
      const message = errorMessage(error);
      const failed = sayCharge('idFailed', {
        id: sanitizeForTerminal(input),
        message: sanitizeForTerminal(message),
      });
      context.io.stderr.write(`${sayCommon('errorPrefix')}${failed}\n`);
    }
  }

  // Loaded before stdin is read: lines read while it loads would be lost.
  const exports = context.output === 'csv' ? await import('../../output/exports.js') : undefined;
  const lines = createInterface({ input: context.io.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  let count: number;
  try {
    if (exports) {
      count = await exports.writeExport(
        context.io.stdout,
        charges(),
        exports.CHARGE_EXPORT,
        exports.exportFormatOf(context),
      );
    } else {
      count = await writeList(
        context.io.stdout,
        context.output,
        charges(),
        chargeColumns(chargeStatusWords(context), declaredMoneyUnit(context), context.output === 'table'),
        { colors: context.colors, ...terminalFit(context.io) },
      );
    }
  } finally {
    lines.close();
  }
  if (failures === 0) {
    if (count === 0) context.log.warn(sayCharge('noIdsOnStdin'));
    return 0;
  }
  context.log.warn(sayCharge('someNotFetched', { failures, total: count + failures }));
  return notFound > 0 ? ExitCode.ApiRefused : (firstFailureCode ?? ExitCode.Internal);
}
