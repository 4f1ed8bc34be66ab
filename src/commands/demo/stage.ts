// The demo's stage: its private sandbox, notification receiver and config dir, opened and
// closed together, and how a step runs a real command line on it and prints it (`$ paygate …`).
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { maskKey } from '../../config/profile.js';
import type { Clock, Context, IO } from '../../context.js';
import { ExitCode, InterruptedError, PaygateError } from '../../errors.js';
import { shellQuote } from '../../output/format.js';
import { commandLine } from '../../output/printed-commands.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { wrapCommand, wrapWidth, wrapWords } from '../../output/wrap.js';
import type { Prompter } from '../../prompter.js';
import type { Sandbox, SeededSeller } from '../../sandbox/server.js';
import { sleep } from '../../sleep.js';
import { currentLanguage } from '../../text/catalog.js';
import { sayDemo } from '../../text/en/demo.js';
import type { ReceivedNotification } from '../../webhook/notification.js';
import type { Receiver } from '../../webhook/receiver.js';

/** A step that has not finished after this long fails (a hung command must not hang CI). */
export const STEP_TIMEOUT_MS = 20_000;
/** A notification the receiver got, with the delivery id the sender put in its headers. */
export interface Delivered {
  notification: ReceivedNotification;
  deliveryId: string | undefined;
}

export interface Stage {
  context: Context;
  sandbox: Sandbox;
  receiver: Receiver;
  webhookUrl: string;
  configDir: string;
  delivered: Delivered[];
  /** Main seller first, then the two partners of the split. */
  sellers: [SeededSeller, SeededSeller, SeededSeller];
  clock: Clock;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Closes what was opened, newest first. */
  cleanup: Array<() => Promise<unknown>>;
  chargeId?: string;
  payoutId?: string;
}

/** Never asked: the commands run without a terminal and with --no-input. */
export const refusingPrompter: Prompter = {
  input: () => Promise.reject(new Error(sayDemo('neverPrompts'))),
  password: () => Promise.reject(new Error(sayDemo('neverPrompts'))),
  confirm: () => Promise.reject(new Error(sayDemo('neverPrompts'))),
  select: () => Promise.reject(new Error(sayDemo('neverPrompts'))),
};

/** Forwards every chunk to `target` and keeps the text, for reading ids back. */
class Tee extends Writable {
  text = '';
  constructor(private readonly target: { write(chunk: string): unknown }) {
    super();
  }
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: () => void): void {
    const text = chunk.toString();
    this.text += text;
    this.target.write(text);
    callback();
  }
}

export function write(stage: Stage, text = ''): void {
  stage.context.io.stdout.write(`${text}\n`);
}

/** The columns the demo's own text wraps to: the terminal's, none when written to a file or pipe. */
export function widthOf(context: Context): number {
  return wrapWidth(context.io, context.io.stdoutIsTTY);
}

/** A line of explanation, wrapped to the terminal with its own indentation. */
export function note(stage: Stage, text: string): void {
  const indent = /^ */.exec(text)![0];
  for (const line of wrapWords(text, widthOf(stage.context), `${indent}  `))
    write(stage, stage.context.colors.gray(line));
}

export function sellerName(seller: SeededSeller): string {
  return sanitizeForTerminal(seller.name);
}

/**
 * Runs `paygate ARGS` in process against the sandbox, as `as` (default: the main seller), after
 * printing the command. Its stdout and stderr both go to the demo's stdout. Throws a PaygateError
 * with the command's exit code when it exits non-zero; resolves to what it printed.
 */
export async function paygate(stage: Stage, args: string[], as?: SeededSeller): Promise<string> {
  const { context } = stage;
  const seller = as ?? stage.sellers[0];
  const prefix = as ? `PAYGATE_SECRET_KEY=${maskKey(seller.secret_key)} ` : '';
  const words = [`${prefix}paygate`, ...args.map(shellQuote)];
  const [first, ...rest] = wrapCommand(words, widthOf(context) - 2).split('\n');
  write(stage, `${context.colors.bold('$')} ${context.colors.cyan(first!)}`);
  for (const line of rest) write(stage, `  ${context.colors.cyan(line)}`);
  const tee = new Tee(context.io.stdout);
  const stdin = new PassThrough();
  stdin.end();
  const io: IO = {
    stdin,
    stdout: tee,
    stderr: tee,
    promptOutput: () => tee,
    stdinIsTTY: false,
    stdoutIsTTY: context.io.stdoutIsTTY,
    stderrIsTTY: false,
    // The QR code is drawn to fit the demo's terminal, and says so when it cannot.
    ...(context.io.terminalSize ? { terminalSize: () => context.io.terminalSize?.() } : {}),
  };
  const timeout = AbortSignal.timeout(STEP_TIMEOUT_MS);
  const code = await context.runCommandLine([...args, '--no-input'], {
    io,
    // Its charges end with the demo: `charge get ID --qr` could not draw one again afterwards.
    privateSandbox: { qrAfterwards: await qrAfterwards(context) },
    env: {
      PAYGATE_CONFIG_DIR: stage.configDir,
      PAYGATE_BASE_URL: stage.sandbox.url,
      PAYGATE_SECRET_KEY: seller.secret_key,
      PAYGATE_PUBLIC_KEY: seller.public_key,
      FORCE_COLOR: context.color ? '1' : '0',
      // Each command chooses its language from its own environment: the demo's, not the locale's.
      PAYGATE_LANG: currentLanguage(),
    },
    prompter: refusingPrompter,
    clock: stage.clock,
    sleep: stage.sleep,
    signal: AbortSignal.any([context.signal, timeout]),
  });
  write(stage);
  if (code !== 0) {
    const command = `paygate ${args.map(shellQuote).join(' ')}`;
    if (context.signal.aborted) throw new InterruptedError(sayDemo('interrupted'));
    const why = timeout.aborted
      ? sayDemo('commandTimedOut', { command, seconds: STEP_TIMEOUT_MS / 1000 })
      : sayDemo('commandExited', { command, code });
    throw new PaygateError(why, timeout.aborted ? ExitCode.Internal : (code as ExitCode));
  }
  return tee.text;
}

/**
 * How a person draws a QR code again after the demo: a sandbox of their own and a charge on it,
 * the commands as this run would type them, each on its own line (output/qr.ts showAgainLine).
 */
async function qrAfterwards(context: Context): Promise<string> {
  const { showAgainLine } = await import('../../output/qr.js');
  const columns = context.io.terminalSize?.()?.columns ?? 80;
  const line = (args: string[]) => showAgainLine(commandLine(context.invocation, args), columns);
  return sayDemo('qrAfterwards', {
    sandboxStart: line(['sandbox', 'start']),
    login: line(['login', '--sandbox']),
    chargeCreate: line(['charge', 'create', '--amount', '15.00']),
  });
}

// ---- set-up and tear-down ---------------------------------------------------------------------

export async function openStage(context: Context): Promise<Stage> {
  const [{ startSandbox }, { startReceiver }] = await Promise.all([
    import('../../sandbox/server.js'),
    import('../../webhook/receiver.js'),
  ]);
  const delivered: Delivered[] = [];
  let offsetMs = 0;
  const clock: Clock = { now: () => Date.now() + offsetMs };
  const receiver = await startReceiver({
    port: 0,
    now: () => clock.now(),
    onNotification: (notification: ReceivedNotification, headers: IncomingHttpHeaders) => {
      const delivery = headers['x-paygate-delivery'];
      delivered.push({ notification, deliveryId: typeof delivery === 'string' ? delivery : undefined });
    },
  });
  const cleanup: Array<() => Promise<unknown>> = [() => receiver.close()];
  try {
    const configDir = await mkdtemp(join(tmpdir(), 'paygate-demo-'));
    cleanup.push(() => rm(configDir, { recursive: true, force: true }));
    const webhookUrl = receiver.url;
    const sandbox = await startSandbox({
      port: 0,
      webhookUrl,
      notifier: { maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 500, timeoutMs: 5000 },
      stderr: context.io.stderr,
    });
    cleanup.push(() => sandbox.close());
    const [main, alfa, beta] = sandbox.sellers;
    if (!main || !alfa || !beta) throw new Error(sayDemo('fewerSellers'));
    // While a command waits, the sandbox's clock jumps ahead by the wait (see the header).
    const sleepAndAdvanceClock = async (ms: number, signal?: AbortSignal) => {
      const response = await fetch(`${sandbox.url}/_sandbox/clock/advance`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ms }),
        signal,
      });
      if (!response.ok) throw new Error(sayDemo('clockRefused', { status: response.status }));
      offsetMs += ms;
      await sleep(Math.min(ms, 20), signal);
    };
    return {
      context,
      sandbox,
      receiver,
      webhookUrl,
      configDir,
      delivered,
      sellers: [main, alfa, beta],
      clock,
      sleep: sleepAndAdvanceClock,
      cleanup,
    };
  } catch (error) {
    await closeAll(cleanup);
    throw error;
  }
}

export async function closeAll(cleanup: Array<() => Promise<unknown>>): Promise<void> {
  for (const close of cleanup.reverse()) await close().catch(() => {});
}
