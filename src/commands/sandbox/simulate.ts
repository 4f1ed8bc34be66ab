// The commands that make things happen in a running sandbox, through its control endpoints
// (POST /_sandbox/…): a charge paid, failed or expired, a payout settled, the clock moved, a
// forged notification sent, everything reset.
import { errorFromEnvelope } from '../../api/errors.js';
import type { Context } from '../../context.js';
import { parseDuration, SANDBOX_CLOCK_MAX_AHEAD_MS } from '../../domain/duration.js';
import { parseMoney } from '../../domain/money.js';
import { argumentName, UsageError } from '../../errors.js';
import { formatMoment } from '../../output/format.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { saySandboxCommand } from '../../text/en/sandbox-command.js';
import { NO_ARGUMENTS, readArguments, readFlags } from '../options.js';
import type { ArgumentSpec, CommandHandler } from '../types.js';
import {
  SANDBOX_CHARGE_ARGUMENTS,
  SANDBOX_CLOCK_ADVANCE_ARGUMENTS,
  SANDBOX_CONTROL_FLAGS,
  SANDBOX_NOTIFY_FLAGS,
  SANDBOX_PAYOUT_ARGUMENTS,
} from './flags.js';
import { sandboxNotRunning } from './not-running.js';
import { sandboxUrl } from './sandbox-url.js';

/** What every driving command is told: which sandbox (--sandbox-url; undefined: the profile's, else the default). */
interface SandboxTarget {
  sandboxUrl: string | undefined;
}

async function control(
  target: SandboxTarget,
  context: Context,
  path: string,
  done: (data: unknown) => string,
  body: Record<string, unknown> = {},
): Promise<number> {
  const url = `${sandboxUrl(target.sandboxUrl, context)}/_sandbox${path}`;
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
  else context.log.info(done(answer?.data));
  return 0;
}

/** `sandbox pay ID` and the like: the id of the charge or payout, and the sandbox. */
export interface SandboxSimulateOptions extends SandboxTarget {
  id: string;
}

/** A command that does one thing to one charge or payout: POST `path(id)`, then say `done(id)`. */
function onOne(
  argumentSpecs: readonly [ArgumentSpec & { name: 'id'; required: true }],
  path: (id: string) => string,
  done: (id: string) => string,
): CommandHandler<SandboxSimulateOptions> {
  return {
    parse: (input) => ({
      id: readArguments(argumentSpecs, input).id,
      sandboxUrl: readFlags(SANDBOX_CONTROL_FLAGS, input).sandboxUrl,
    }),
    run: (options, context) =>
      control(options, context, path(encodeURIComponent(options.id)), () => done(options.id)),
  };
}

export const sandboxPay = onOne(
  SANDBOX_CHARGE_ARGUMENTS,
  (id) => `/charges/${id}/pay`,
  (id) => saySandboxCommand('chargePaid', { id }),
);
export const sandboxFail = onOne(
  SANDBOX_CHARGE_ARGUMENTS,
  (id) => `/charges/${id}/fail`,
  (id) => saySandboxCommand('chargeFailed', { id }),
);
export const sandboxExpire = onOne(
  SANDBOX_CHARGE_ARGUMENTS,
  (id) => `/charges/${id}/expire`,
  (id) => saySandboxCommand('chargeExpired', { id }),
);
export const sandboxPayoutComplete = onOne(
  SANDBOX_PAYOUT_ARGUMENTS,
  (id) => `/payouts/${id}/complete`,
  (id) => saySandboxCommand('payoutCompleted', { id }),
);
export const sandboxPayoutFail = onOne(
  SANDBOX_PAYOUT_ARGUMENTS,
  (id) => `/payouts/${id}/fail`,
  (id) => saySandboxCommand('payoutFailed', { id }),
);

export type SandboxResetOptions = SandboxTarget;

export const sandboxReset: CommandHandler<SandboxResetOptions> = {
  parse: (input) => {
    readArguments(NO_ARGUMENTS, input);
    return { sandboxUrl: readFlags(SANDBOX_CONTROL_FLAGS, input).sandboxUrl };
  },
  run: (options, context) => control(options, context, '/reset', () => saySandboxCommand('reset')),
};

export interface SandboxClockAdvanceOptions extends SandboxTarget {
  /** How far, as typed (trimmed): said back in the message. */
  duration: string;
  ms: number;
}

/** `sandbox clock advance DURATION`: what fell due meanwhile (expiries, due dates, payouts) runs. */
export const sandboxClockAdvance: CommandHandler<SandboxClockAdvanceOptions> = {
  parse: (input) => {
    const text = readArguments(SANDBOX_CLOCK_ADVANCE_ARGUMENTS, input).duration;
    const ms = parseDuration(text, argumentName('duration'));
    if (ms > SANDBOX_CLOCK_MAX_AHEAD_MS) {
      throw new UsageError(
        saySandboxCommand('clockTooFar', { days: SANDBOX_CLOCK_MAX_AHEAD_MS / 86_400_000 }),
        { field: 'duration' },
      );
    }
    return { duration: text.trim(), ms, sandboxUrl: readFlags(SANDBOX_CONTROL_FLAGS, input).sandboxUrl };
  },
  run: (options, context) => {
    const now = (data: unknown) => {
      const at = (data as { now?: unknown } | null)?.now;
      return typeof at === 'string'
        ? sanitizeForTerminal(formatMoment(at))
        : saySandboxCommand('unknownTime');
    };
    return control(
      options,
      context,
      '/clock/advance',
      (data) => saySandboxCommand('clockAdvanced', { duration: options.duration, now: now(data) }),
      { ms: options.ms },
    );
  },
};

/** The forged notification, as the sandbox's POST /_sandbox/notifications/forge takes it. */
export interface ForgedNotification {
  charge_id?: string;
  payout_id?: string;
  status?: string;
  /** Integer centavos. */
  amount?: number;
  url?: string;
}

export interface SandboxNotifyOptions extends SandboxTarget {
  notification: ForgedNotification;
}

/** `sandbox notify --forge`: what an attacker who knows a webhook URL could send (nothing signs it). */
export const sandboxNotify: CommandHandler<SandboxNotifyOptions> = {
  parse: (input) => {
    readArguments(NO_ARGUMENTS, input);
    const flags = readFlags(SANDBOX_NOTIFY_FLAGS, input);
    if (!flags.forge) {
      throw new UsageError(saySandboxCommand('forgeRequired'), { field: '--forge' });
    }
    if ((flags.charge === undefined) === (flags.payout === undefined)) {
      throw new UsageError(saySandboxCommand('chargeOrPayout'), { field: '--charge' });
    }
    const notification: ForgedNotification =
      flags.charge !== undefined ? { charge_id: flags.charge } : { payout_id: flags.payout };
    if (flags.status !== undefined) notification.status = flags.status;
    if (flags.amount !== undefined) notification.amount = parseMoney(flags.amount, '--amount');
    if (flags.url !== undefined) notification.url = flags.url;
    return { notification, sandboxUrl: flags.sandboxUrl };
  },
  run: (options, context) =>
    control(
      options,
      context,
      '/notifications/forge',
      (data) =>
        saySandboxCommand('forgedSent', {
          targets: ((data as { sent_to?: string[] } | null)?.sent_to ?? [])
            .map(sanitizeForTerminal)
            .join(', '),
        }),
      { ...options.notification },
    ),
};
