// Colour decisions and the small palette every renderer uses (colour only on a
// TTY, off with NO_COLOR or --no-color, forced with FORCE_COLOR). Seven SGR escapes are all we
// paint with, so they are written here: chalk slowed every start-up (bench/CHOICES.md).
import { finalOutcome, NO_STATUS_WORDS, readStatus, type StatusWords } from '../domain/status.js';
import { receivedText } from './format.js';
import { statusText } from './status-text.js';

type Paint = (text: string) => string;

export interface Colors {
  /** Whether the functions below add escapes at all (QR rendering uses it to pick its mode). */
  readonly enabled: boolean;
  readonly bold: Paint;
  readonly dim: Paint;
  readonly green: Paint;
  readonly red: Paint;
  readonly yellow: Paint;
  readonly cyan: Paint;
  readonly gray: Paint;
}

const identity: Paint = (text) => text;

/**
 * `open text close`; a close code inside the text (a nested style ending) re-opens ours, so
 * `red('a ' + bold('b') + ' c')` stays red after the bold part, as with chalk.
 */
function sgr(open: number, close: number): Paint {
  const openCode = `\x1b[${open}m`;
  const closeCode = `\x1b[${close}m`;
  return (text) => `${openCode}${text.replaceAll(closeCode, closeCode + openCode)}${closeCode}`;
}

const PLAIN: Colors = {
  enabled: false,
  bold: identity,
  dim: identity,
  green: identity,
  red: identity,
  yellow: identity,
  cyan: identity,
  gray: identity,
};

/** The 16 basic colours, which every colour terminal has (chalk's level 1). */
const PAINTED: Colors = {
  enabled: true,
  bold: sgr(1, 22),
  dim: sgr(2, 22),
  green: sgr(32, 39),
  red: sgr(31, 39),
  yellow: sgr(33, 39),
  cyan: sgr(36, 39),
  gray: sgr(90, 39),
};

export function createColors(enabled: boolean): Colors {
  return enabled ? PAINTED : PLAIN;
}

export interface ColorDecisionInput {
  /** Whether the stream the colours go to is a terminal. */
  isTTY: boolean;
  env: Readonly<Record<string, string | undefined>>;
  /** `--no-color` was given. */
  noColorFlag: boolean;
}

/**
 * Whether to colour, in this order (the first rule that applies wins):
 * 1. `--no-color` → off (a flag beats the environment, FORCE_COLOR included);
 * 2. `FORCE_COLOR` set: `0` or `false` → off, any other value (even empty, as Node and chalk
 *    read it) → on, even when not a TTY;
 * 3. `NO_COLOR` set to a non-empty value → off (https://no-color.org: empty means unset);
 * 4. `TERM=dumb` → off;
 * 5. otherwise on exactly when the stream is a TTY.
 */
export function shouldUseColor({ isTTY, env, noColorFlag }: ColorDecisionInput): boolean {
  if (noColorFlag) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.TERM === 'dumb') return false;
  return isTTY;
}

export type StatusTone = 'success' | 'pending' | 'failure' | 'unknown';

/** The gateway's two names for waiting; any other status in progress is shown as it is, uncoloured. */
const WAITING_STATUSES: ReadonlySet<string> = new Set(['pending', 'processing']);

/**
 * How a charge or payout status reads: final ones by their outcome (domain/status.ts), a word
 * declared for the profile by the status it reads as, pending/processing wait.
 */
export function statusTone(status: unknown, words: StatusWords = NO_STATUS_WORDS): StatusTone {
  const key = readStatus(status, words);
  if (key === undefined) return 'unknown';
  const outcome = finalOutcome(key);
  if (outcome !== 'in_progress') return outcome;
  return WAITING_STATUSES.has(key) ? 'pending' : 'unknown';
}

/**
 * The status as a person reads it (status-text.ts) painted by its tone: green success, yellow
 * pending, red failure, an unknown status uncoloured. The caller passes an already sanitised status (render does).
 */
export function statusColor(status: unknown, colors: Colors, words: StatusWords = NO_STATUS_WORDS): string {
  // A status that is not text (an object, from some gateways) is shown as its JSON, uncoloured.
  if (typeof status !== 'string') return receivedText(status);
  // In the run's language; a declared word shows how it is read: `RECEIVED (paid)`.
  const text = statusText(status, words);
  switch (statusTone(status, words)) {
    case 'success':
      return colors.green(text);
    case 'pending':
      return colors.yellow(text);
    case 'failure':
      return colors.red(text);
    default:
      return text;
  }
}
