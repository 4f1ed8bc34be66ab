// `sandbox`'s flags and positional arguments, declared once: the spec builds its commands from them
// and each handler reads its options from them (readFlags, readArguments). They live apart from spec.ts so that a handler never imports
// the spec that loads it.
import { parsePercent } from '../../domain/percent.js';
import { SANDBOX_DEFAULT_PORT } from '../../domain/sandbox-port.js';
import { httpUrl, portNumber, positiveWholeNumber, wholeNumberBetween } from '../shared/flags.js';
import type { ArgumentSpec, FlagSpec } from '../types.js';

export const SANDBOX_START_FLAGS = [
  {
    flags: '--port <port>',
    description: 'port on 127.0.0.1 (0 for any free one)',
    default: SANDBOX_DEFAULT_PORT,
    parse: portNumber,
  },
  { flags: '--state <file>', description: 'keep state in this file across restarts' },
  { flags: '--fee-rate <percent>', description: 'PIX fee rate', default: '3.99', parse: parsePercent },
  {
    flags: '--rate-limit <n>',
    description: 'requests per minute per seller and endpoint category',
    default: '5000',
    parse: positiveWholeNumber,
  },
  { flags: '--auto-pay-after <duration>', description: 'pay every new charge after this long' },
  {
    flags: '--webhook-url <url>',
    description: 'register URL as a global webhook of every seller',
    parse: httpUrl,
  },
  { flags: '--no-webhooks-api', description: 'answer 404 on the webhook management endpoints' },
  {
    flags: '--reserve-rate <percent>',
    description: 'share of each payment held in reserved',
    default: '0',
    parse: parsePercent,
  },
  {
    flags: '--seed <n>',
    description: 'deterministic ids and keys',
    parse: wholeNumberBetween(0, Number.MAX_SAFE_INTEGER),
  },
] as const satisfies readonly FlagSpec[];

/** The sandbox every driving command talks to. */
const SANDBOX_URL_FLAG = {
  flags: '--sandbox-url <url>',
  description: 'sandbox to drive (default: the profile base URL, else http://127.0.0.1:4010)',
} as const satisfies FlagSpec;

/** `sandbox pay|fail|expire|payout …|clock advance|reset`. */
export const SANDBOX_CONTROL_FLAGS = [SANDBOX_URL_FLAG] as const satisfies readonly FlagSpec[];

export const SANDBOX_LOG_FLAGS = [
  { flags: '-f, --follow', description: 'keep printing new lines as they come' },
  SANDBOX_URL_FLAG,
] as const satisfies readonly FlagSpec[];

export const SANDBOX_NOTIFY_FLAGS = [
  {
    flags: '--forge',
    description: 'required: this notification is not from the gateway, and says so nowhere',
  },
  { flags: '--charge <id>', description: 'a charge id (real or not) the notification names' },
  { flags: '--payout <id>', description: 'a payout id (real or not) the notification names' },
  { flags: '--status <status>', description: 'the status it claims (default paid, or completed)' },
  { flags: '--amount <money>', description: 'the amount it claims (default: the real one)' },
  { flags: '--url <url>', description: "where to send it (default: the seller's webhooks)" },
  SANDBOX_URL_FLAG,
] as const satisfies readonly FlagSpec[];

/** `sandbox pay|fail|expire ID`. */
export const SANDBOX_CHARGE_ARGUMENTS = [
  { name: 'id', description: 'charge id', required: true },
] as const satisfies readonly ArgumentSpec[];

/** `sandbox payout complete|fail ID`. */
export const SANDBOX_PAYOUT_ARGUMENTS = [
  { name: 'id', description: 'payout id', required: true },
] as const satisfies readonly ArgumentSpec[];

export const SANDBOX_CLOCK_ADVANCE_ARGUMENTS = [
  { name: 'duration', description: 'how far: 90s, 30m, 2h, 3d', required: true },
] as const satisfies readonly ArgumentSpec[];
