import { OutcomeUnknownError } from '../../api/errors.js';
import { checkJournalKey } from '../../config/journal.js';
import type { Context, Settings } from '../../context.js';
import { markKeyedCharge } from '../../domain/key-mark.js';
import { findPixCode, idOf } from '../../domain/resource-fields.js';
import { toSplitRequest } from '../../domain/split-entries.js';
import { chargeOutcome } from '../../domain/status.js';
import { ExitCode } from '../../errors.js';
import { receivedText, shellQuote } from '../../output/format.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { statusText } from '../../output/status-text.js';
import type { Charge, ChargeCreateRequest } from '../../schemas/charge.js';
import { sayCharge } from '../../text/en/charge.js';
import { readFlags } from '../options.js';
import { warnIfAmountDiffers } from '../shared/amount-echo.js';
import { noteSmallCentavos } from '../shared/money-note.js';
import { chargeStatusWords } from '../shared/status-words.js';
import type { WatchTiming } from '../shared/watch.js';
import type { CommandHandler, CommandInput } from '../types.js';
import { checkPdfTarget, downloadBoletoPdf } from './boleto-pdf.js';
import { compareSplit, confirmCreate, confirmSmallAmount, writeDryRun } from './create-output.js';
import { plan } from './draft.js';
import { CHARGE_CREATE_FLAGS, type ChargeCreateFlagValues } from './flags.js';
import { createOnce, type KeyedCreateOptions } from './keyed.js';
import { keepingAnswers } from './prompts.js';
import { resolveSplitSellers } from './split-sellers.js';
import { writeCharge } from './view.js';
import { chargeWatchTiming, watchAndReport } from './watch.js';

function outcomeUnknown(error: OutcomeUnknownError, externalId: unknown): OutcomeUnknownError {
  const hint =
    typeof externalId === 'string'
      ? sayCharge('outcomeUnknownHintExternalId', {
          externalId: shellQuote(sanitizeForTerminal(externalId)),
        })
      : sayCharge('outcomeUnknownHintList');
  // The fact alone, not its next step: the hint below says what to check, once.
  const message = error.message;
  const said =
    error.status === undefined
      ? sayCharge('outcomeUnknown', { message })
      : sayCharge('outcomeUnknownAnswered', { message });
  return new OutcomeUnknownError(said, {
    method: error.method,
    url: error.url,
    code: error.code,
    status: error.status,
    cause: error,
    hint,
  });
}

/** What the flags ask for, checked before anything is read or sent (the body is drafted next). */
export interface ChargeCreateOptions {
  /** Every flag's value, as readFlags reads it from `charge create`'s flags. */
  options: ChargeCreateFlagValues;
  /** --key, checked. */
  key: string | undefined;
  /** --watch's interval and timeout. */
  timing: WatchTiming | undefined;
}

/** The flags as typed options; reads nothing but the settings (no network, no files, no prompt). */
export function parseChargeCreate(input: CommandInput, settings: Settings): ChargeCreateOptions {
  const options = readFlags(CHARGE_CREATE_FLAGS, input);
  return {
    options,
    key: options.key !== undefined ? checkJournalKey(options.key) : undefined,
    timing: options.watch ? chargeWatchTiming(settings, options) : undefined,
  };
}

export const chargeCreate: CommandHandler<ChargeCreateOptions> = {
  parse: parseChargeCreate,
  run: createCharge,
};

/** Drafts, checks and sends the charge (or each row of --from-csv), then shows it and watches it. */
async function createCharge(
  { options, key, timing }: ChargeCreateOptions,
  context: Context,
): Promise<number> {
  if (options.fromCsv !== undefined) {
    const { createChargesFromCsv } = await import('./from-csv.js');
    return createChargesFromCsv(options, context);
  }
  const planned = await plan(options, context);
  if (options.pdf !== undefined) checkPdfTarget(options.pdf, options.force === true);
  for (const warning of planned.warnings) context.log.warn(sanitizeForTerminal(warning));
  const smallAmount = noteSmallCentavos(context, options.amount, '--amount');
  // A keyed charge can always be found again: the key is in its metadata, and its external_id
  // without --external-id.
  if (key !== undefined) markKeyedCharge(planned.body, key);

  if (options.dryRun) {
    writeDryRun(context, planned);
    return 0;
  }
  const { interactive } = planned;
  const beforeSending = async () => {
    // A second charge with the same --external-id is never made without a word; a keyed create
    // finds its own charge by external_id already (keyed.ts).
    const externalId = planned.body.external_id;
    if (options.externalId !== undefined && key === undefined && typeof externalId === 'string') {
      const { checkExternalIdUnused } = await import('./external-id-check.js');
      await checkExternalIdUnused(context, externalId, {
        yes: options.yes === true,
        unique: options.uniqueExternalId === true,
      });
    }
    if (interactive?.confirm) await confirmCreate(context, planned);
    // `--amount 15` typed at a terminal: 15 centavos, said above; the person says it is meant
    // (--yes: said, not asked).
    else if (smallAmount && context.canPrompt && !options.yes)
      await confirmSmallAmount(context, Number(planned.body.amount));
    // Read before anything is sent: a hand-edited declaration that does not parse is exit 2.
    const words = chargeStatusWords(context);
    const client = await context.client();
    const body = planned.body as ChargeCreateRequest;
    if (planned.split) {
      body.split = toSplitRequest(await resolveSplitSellers(client, planned.split, context));
    }
    return { words, client, body };
  };
  // Answers typed at a terminal are printed as a command if anything stops the run before sending.
  const { words, client, body } = interactive
    ? await keepingAnswers(context, interactive, beforeSending)
    : await beforeSending();
  const send = async (request?: KeyedCreateOptions) => {
    try {
      return await client.charges.create(body, { signal: context.signal, ...request });
    } catch (error) {
      if (error instanceof OutcomeUnknownError && key === undefined)
        throw outcomeUnknown(error, body.external_id);
      throw error;
    }
  };
  const { charge, already, unrecorded } =
    key !== undefined
      ? await createOnce(context, key, body, send)
      : { charge: await send(), already: false as const };

  if (already === 'journal') {
    context.log.info(sayCharge('alreadyCreated', { key: `${key}`, id: sanitizeForTerminal(idOf(charge)) }));
  } else if (context.output === 'table' || timing) {
    // A card declined at creation is a charge made `failed`: no ✓ (its failure ends the run, exit 7).
    if (chargeOutcome(charge.status, words) === 'failure') {
      const ended = charge.payment_method === 'card' ? 'createdDeclined' : 'createdFailed';
      context.log.info(
        sayCharge(ended, {
          id: sanitizeForTerminal(idOf(charge)),
          status: sanitizeForTerminal(statusText(receivedText(charge.status))),
        }),
      );
    } else {
      context.log.info(
        context.errorColors.green(sayCharge('created', { id: sanitizeForTerminal(idOf(charge)) })),
      );
    }
  }
  // Watching, the payer needs the code now, not once paid: -o ndjson gives the created charge as
  // its first line (the final one comes last); --json keeps one document on stdout (the final
  // charge), so the code goes to stderr.
  if (!timing || context.output !== 'json') {
    await writeCharge(context, charge, { qr: options.qr !== false, emv: true });
  } else if (findPixCode(charge) !== undefined) {
    context.log.info(`${sayCharge('pixCopyPaste')}\n${sanitizeForTerminal(findPixCode(charge)!)}`);
  }
  if (!already) warnIfAmountDiffers(context, 'charge', body.amount, charge);
  if (planned.preview) compareSplit(context, planned.preview, charge);
  if (options.pdf !== undefined) await savePdf(context, charge, options.pdf, options.force === true);
  // A card is decided at once: a declined one is created `failed`, certainly not paid (exit 7).
  if (chargeOutcome(charge.status, words) === 'failure') {
    const said = {
      id: sanitizeForTerminal(idOf(charge)),
      status: sanitizeForTerminal(statusText(receivedText(charge.status))),
    };
    context.log.warn(
      typeof charge.failure_reason === 'string'
        ? sayCharge('chargeIsStatusBecause', { ...said, reason: sanitizeForTerminal(charge.failure_reason) })
        : sayCharge('chargeIsStatus', said),
    );
    return ExitCode.FinalNotSuccess;
  }
  // Shown first (the charge exists), then exit 9: the journal still says `sent` for this key.
  if (unrecorded) throw unrecorded;
  if (!timing) return 0;
  return watchAndReport(context, idOf(charge), timing, { initial: charge, printFinal: false });
}

/** --pdf: the boleto's PDF next to the charge just shown (a failure is its own exit, the charge stands). */
async function savePdf(context: Context, charge: Charge, file: string, force: boolean): Promise<void> {
  const boleto = charge.boleto as { pdf_url?: unknown } | undefined;
  const url = typeof boleto?.pdf_url === 'string' ? boleto.pdf_url : undefined;
  if (!url) {
    context.log.warn(sayCharge('pdfNoUrl'));
    return;
  }
  const size = await downloadBoletoPdf(context, url, file, force);
  context.log.info(sayCharge('pdfSaved', { file, size: Math.ceil(size / 1024) }));
}
