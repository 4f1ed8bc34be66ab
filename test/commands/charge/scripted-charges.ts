// Charges as a scripted gateway (test/api/helpers.ts) answers them, for the run tests of the
// charge commands: one charge's data, and a handler answering GET /v1/charges/ID from a table.
// runHandler runs one command's handler (parse, then run) on a fake context, as the CLI would.
import type { CommandHandler } from '../../../src/commands/types.js';
import { PaygateError } from '../../../src/errors.js';
import { errorHint, errorMessage } from '../../../src/output/error-text.js';
import { fail, type Handler, json, ok } from '../../api/helpers.js';
import { type FakeContextOptions, fakeContext } from '../../helpers/fake-context.js';
import { inputFor } from '../../helpers/run-cli.js';

export interface ScriptedCharge {
  id: string;
  status: string;
  amount: number;
  [field: string]: unknown;
}

export function scriptedCharge(fields: Partial<ScriptedCharge> = {}): ScriptedCharge {
  return {
    id: 'ci_a1b2c3d4e5f6',
    status: 'pending',
    amount: 1500,
    payment_method: 'pix',
    external_id: 'pedido-1',
    created_at: '2026-11-20T12:00:00Z',
    ...fields,
  };
}

/** Answers GET /v1/charges/ID with the charge of that id, else a 404. */
export function chargesById(charges: readonly ScriptedCharge[]): Handler {
  return (request, response) => {
    const id = decodeURIComponent(request.url.replace(/^\/v1\/charges\//, '').replace(/\?.*$/, ''));
    const charge = charges.find((candidate) => candidate.id === id);
    if (request.method === 'GET' && charge) return json(response, 200, ok(charge));
    return json(response, 404, fail('not_found', 'charge_not_found', `charge ${id} not found`));
  };
}

export interface HandlerResult {
  /** The exit code the CLI would give: what run returned (0 when nothing), else the thrown error's. */
  code: number;
  stdout: string;
  stderr: string;
  /** What parse or run threw; printing it (`error: …`, `{"error":…}`) is the top level's job. */
  error?: PaygateError;
}

/**
 * Runs `paygate ARGV` through its handler only: commander reads ARGV (command words, arguments
 * and the command's own flags; global flags go in `options.globals`), then `parse`, then `run`
 * on a fake context (closed afterwards). What it printed, and the PaygateError it threw, if any.
 */
export async function runHandler<Options>(
  handler: CommandHandler<Options>,
  argv: readonly string[],
  options: FakeContextOptions = {},
): Promise<HandlerResult> {
  const input = await inputFor(argv);
  const { context, io } = fakeContext(options);
  try {
    const code = (await handler.run(handler.parse(input, context), context)) ?? 0;
    return { code, stdout: io.stdout.text, stderr: io.stderr.text };
  } catch (error) {
    if (!(error instanceof PaygateError)) throw error;
    return { code: error.exitCode, stdout: io.stdout.text, stderr: io.stderr.text, error };
  } finally {
    await context.close();
  }
}

/**
 * What a person reads on stderr after a handler run: what it printed, then its error's message
 * and hint in words (the top level adds the `error: ` and `hint: ` prefixes when it prints them).
 */
export function stderrWords(result: HandlerResult): string {
  if (!result.error) return result.stderr;
  const hint = errorHint(result.error);
  return [result.stderr, errorMessage(result.error), ...(hint ? [hint] : [])].join('\n');
}
