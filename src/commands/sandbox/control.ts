import { errorFromEnvelope } from '../../api/errors.js';
import type { Context } from '../../context.js';
import { parseDuration, SANDBOX_CLOCK_MAX_AHEAD_MS } from '../../domain/duration.js';
import { parseMoney } from '../../domain/money.js';
import { UsageError } from '../../errors.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { DEFAULT_SANDBOX_URL } from '../auth/login.js';
import { readFlags } from '../options.js';
import type { CommandInput } from '../types.js';
import { SANDBOX_CONTROL_FLAGS, SANDBOX_NOTIFY_FLAGS } from './flags.js';
import { sandboxNotRunning } from './not-running.js';

/** --sandbox-url, else the gateway URL of the profile (a sandbox is one), else the default port. */
export function sandboxUrl(input: CommandInput, context: Context): string {
  const flag = readFlags(SANDBOX_CONTROL_FLAGS, input).sandboxUrl;
  return (flag ?? context.profile().baseUrl ?? DEFAULT_SANDBOX_URL).replace(/\/+$/, '').replace(/\/api$/, '');
}

async function control(
  input: CommandInput,
  context: Context,
  path: string,
  done: string | ((data: unknown) => string),
  body: Record<string, unknown> = {},
): Promise<number> {
  const url = `${sandboxUrl(input, context)}/_sandbox${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw sandboxNotRunning(url);
  }
  const answer = (await response.json().catch(() => null)) as {
    data?: unknown;
    error?: Record<string, unknown>;
  } | null;
  if (!response.ok) throw errorFromEnvelope(response.status, answer?.error ?? {}, { method: 'POST', url });
  if (context.output === 'json')
    context.io.stdout.write(`${JSON.stringify(answer?.data ?? null, null, 2)}\n`);
  else context.log.info(typeof done === 'string' ? done : done(answer?.data));
  return 0;
}

const id = (input: CommandInput) => encodeURIComponent(input.args[0] ?? '');

export const handleSandboxPay = (input: CommandInput, context: Context) =>
  control(input, context, `/charges/${id(input)}/pay`, `Charge ${input.args[0]} paid.`);
export const handleSandboxFail = (input: CommandInput, context: Context) =>
  control(input, context, `/charges/${id(input)}/fail`, `Charge ${input.args[0]} failed.`);
export const handleSandboxExpire = (input: CommandInput, context: Context) =>
  control(input, context, `/charges/${id(input)}/expire`, `Charge ${input.args[0]} expired.`);
export const handleSandboxPayoutComplete = (input: CommandInput, context: Context) =>
  control(input, context, `/payouts/${id(input)}/complete`, `Payout ${input.args[0]} completed.`);
export const handleSandboxPayoutFail = (input: CommandInput, context: Context) =>
  control(
    input,
    context,
    `/payouts/${id(input)}/fail`,
    `Payout ${input.args[0]} failed; its amount is back in the balance.`,
  );
export const handleSandboxReset = (input: CommandInput, context: Context) =>
  control(
    input,
    context,
    '/reset',
    'Sandbox reset: sellers as seeded, no charges, payouts or notifications.',
  );

/** `sandbox clock advance DURATION`: what fell due meanwhile (expiries, due dates, payouts) runs. */
export function handleSandboxClockAdvance(input: CommandInput, context: Context): Promise<number> {
  const text = input.args[0] ?? '';
  const ms = parseDuration(text, 'duration');
  if (ms > SANDBOX_CLOCK_MAX_AHEAD_MS) {
    throw new UsageError(
      `duration: the sandbox clock moves at most ${SANDBOX_CLOCK_MAX_AHEAD_MS / 86_400_000}d ahead of real time`,
      { field: 'duration' },
    );
  }
  const now = (data: unknown) => {
    const at = (data as { now?: unknown } | null)?.now;
    return typeof at === 'string' ? sanitizeForTerminal(at) : 'unknown';
  };
  return control(
    input,
    context,
    '/clock/advance',
    (data) => `Sandbox clock advanced by ${text.trim()}: now ${now(data)}.`,
    {
      ms,
    },
  );
}

/** `sandbox notify --forge`: what an attacker who knows a webhook URL could send (nothing signs it). */
export function handleSandboxNotify(input: CommandInput, context: Context): Promise<number> {
  const flags = readFlags(SANDBOX_NOTIFY_FLAGS, input);
  if (!flags.forge) {
    throw new UsageError(
      '--forge is required: the sandbox sends real notifications by itself; this sends a forged one',
      {
        field: '--forge',
      },
    );
  }
  if ((flags.charge === undefined) === (flags.payout === undefined)) {
    throw new UsageError('give one of --charge and --payout', { field: '--charge' });
  }
  const body: Record<string, unknown> =
    flags.charge !== undefined ? { charge_id: flags.charge } : { payout_id: flags.payout };
  if (flags.status !== undefined) body.status = flags.status;
  if (flags.amount !== undefined) body.amount = parseMoney(flags.amount, '--amount');
  if (flags.url !== undefined) body.url = flags.url;
  return control(
    input,
    context,
    '/notifications/forge',
    (data) =>
      `Forged notification sent to ${((data as { sent_to?: string[] } | null)?.sent_to ?? []).map(sanitizeForTerminal).join(', ')}.`,
    body,
  );
}
