// `paygate demo`: the whole story on a private sandbox, in process, by running the real commands
// (runCli) and printing each as `$ paygate …` before its output, so that it teaches the CLI.
//
// Isolation: a sandbox on a free port, a local notification receiver (webhook listen's) that is
// every seller's global webhook, and a temporary config dir; the commands get an environment
// built here (PAYGATE_CONFIG_DIR, PAYGATE_BASE_URL, PAYGATE_SECRET_KEY), never the user's, no
// terminal on stdin and --no-input, so nothing prompts and no profile or setting is touched.
// Everything is closed and removed at the end, whatever happened.
//
// Time: while a command waits (a watch's interval), the sandbox's clock is moved forward by the
// wait instead of waiting for real, so the 2 s a sandbox payout takes pass at once. The commands
// get the same clock, so their deadlines agree with the sandbox.
//
// Output for people on stdout (the demo is the data here), the commands' messages included; the
// result is exit 0 when every step worked, else the exit code of the command that failed (1
// when the demo itself failed) with an error naming the step.
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { maskKey } from '../../config/profile.js';
import type { Clock, Context, IO } from '../../context.js';
import { parseDuration } from '../../domain/duration.js';
import { formatMoney } from '../../domain/money.js';
import { ExitCode, InterruptedError, PaygateError, UsageError } from '../../errors.js';
import { shellQuote } from '../../output/format.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { wrapCommand, wrapWidth, wrapWords } from '../../output/wrap.js';
import type { Prompter } from '../../prompter.js';
import type { Sandbox, SeededSeller } from '../../sandbox/server.js';
import { sleep } from '../../sleep.js';
import {
  formatNotification,
  type ReceivedNotification,
  summarizeNotification,
} from '../../webhook/notification.js';
import type { Receiver } from '../../webhook/receiver.js';
import { verifyNotification } from '../../webhook/verify.js';
import { readFlags } from '../options.js';
import { commandLine } from '../shared/hint.js';
import type { CommandInput } from '../types.js';
import { DEMO_FLAGS } from './flags.js';

/** A step that has not finished after this long fails (a hung command must not hang CI). */
const STEP_TIMEOUT_MS = 20_000;
/** The charge: R$ 100,00 split 50/30/20 between the main seller and two partners. */
const CHARGE_AMOUNT = 10_000;
const PAYOUT_AMOUNT = 4_000;
const SHARES = [50, 30, 20] as const;

/** Centavos as the reais a person types: 10000 → `100.00`. */
const reais = (centavos: number): string => (centavos / 100).toFixed(2);

/** A notification the receiver got, with the delivery id the sender put in its headers. */
interface Delivered {
  notification: ReceivedNotification;
  deliveryId: string | undefined;
}

interface Stage {
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
const refusingPrompter: Prompter = {
  input: () => Promise.reject(new Error('the demo never prompts')),
  password: () => Promise.reject(new Error('the demo never prompts')),
  confirm: () => Promise.reject(new Error('the demo never prompts')),
  select: () => Promise.reject(new Error('the demo never prompts')),
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

function write(stage: Stage, text = ''): void {
  stage.context.io.stdout.write(`${text}\n`);
}

/** The columns the demo's own text wraps to: the terminal's, none when written to a file or pipe. */
function widthOf(context: Context): number {
  return wrapWidth(context.io, context.io.stdoutIsTTY);
}

/** A line of explanation, wrapped to the terminal with its own indentation. */
function note(stage: Stage, text: string): void {
  const indent = /^ */.exec(text)![0];
  for (const line of wrapWords(text, widthOf(stage.context), `${indent}  `))
    write(stage, stage.context.colors.gray(line));
}

function sellerName(seller: SeededSeller): string {
  return sanitizeForTerminal(seller.name);
}

/**
 * Runs `paygate ARGS` in process against the sandbox, as `as` (default: the main seller), after
 * printing the command. Its stdout and stderr both go to the demo's stdout. Throws a PaygateError
 * with the command's exit code when it exits non-zero; resolves to what it printed.
 */
async function paygate(stage: Stage, args: string[], as?: SeededSeller): Promise<string> {
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
  };
  const timeout = AbortSignal.timeout(STEP_TIMEOUT_MS);
  const code = await context.runCommandLine([...args, '--no-input'], {
    io,
    env: {
      PAYGATE_CONFIG_DIR: stage.configDir,
      PAYGATE_BASE_URL: stage.sandbox.url,
      PAYGATE_SECRET_KEY: seller.secret_key,
      PAYGATE_PUBLIC_KEY: seller.public_key,
      FORCE_COLOR: context.color ? '1' : '0',
    },
    prompter: refusingPrompter,
    clock: stage.clock,
    sleep: stage.sleep,
    signal: AbortSignal.any([context.signal, timeout]),
  });
  write(stage);
  if (code !== 0) {
    const command = `paygate ${args.map(shellQuote).join(' ')}`;
    if (context.signal.aborted) throw new InterruptedError('Interrupted: the demo stopped.');
    const why = timeout.aborted ? `did not finish within ${STEP_TIMEOUT_MS / 1000}s` : `exited with ${code}`;
    throw new PaygateError(`\`${command}\` ${why}`, timeout.aborted ? ExitCode.Internal : (code as ExitCode));
  }
  return tee.text;
}

/** Waits until the sandbox has delivered every notification it owes (the receiver answered). */
async function notificationsDelivered(stage: Stage): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      stage.sandbox.notificationsIdle(),
      new Promise((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error('the sandbox did not finish sending its notifications')),
          STEP_TIMEOUT_MS,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Who received a notification: the seller the sandbox's log names for that delivery. */
function recipientOf(stage: Stage, delivered: Delivered): number | undefined {
  const attempt = stage.sandbox.notifications.find((entry) => entry.id === delivered.deliveryId);
  return attempt?.seller_id ?? undefined;
}

// ---- the steps ------------------------------------------------------------------------------

async function whoIsWho(stage: Stage): Promise<void> {
  const [main, alfa, beta] = stage.sellers;
  const rows = [
    [main, 'main seller: creates the charge and pays the fee'],
    [alfa, `partner: ${SHARES[1]}% of the split`],
    [beta, `partner: ${SHARES[2]}% of the split`],
  ] as const;
  const width = Math.max(...rows.map(([seller]) => sellerName(seller).length));
  for (const [seller, role] of rows) {
    write(
      stage,
      `  ${String(seller.seller_id)}  ${sellerName(seller).padEnd(width)}  ${stage.context.colors.gray(role)}`,
    );
  }
  write(stage);
  note(stage, `  Gateway: a private sandbox at ${stage.sandbox.url} (your config is not touched).`);
  note(
    stage,
    `  Every seller's webhook points at a local receiver (the one \`paygate webhook listen\` runs): ${stage.webhookUrl}`,
  );
  note(
    stage,
    "  The commands below use the main seller's key from PAYGATE_SECRET_KEY, unless shown otherwise.",
  );
  write(stage);
}

function splitFlags(stage: Stage): string[] {
  return stage.sellers.flatMap((seller, index) => ['--split', `${seller.seller_id}=${SHARES[index]}%`]);
}

async function previewSplit(stage: Stage): Promise<void> {
  note(stage, '  Offline: fee and split computed before anything is sent.');
  await paygate(stage, ['split', 'preview', '--amount', reais(CHARGE_AMOUNT), ...splitFlags(stage)]);
}

async function createCharge(stage: Stage): Promise<void> {
  const output = await paygate(stage, [
    'charge',
    'create',
    '--amount',
    reais(CHARGE_AMOUNT),
    '--description',
    'Pedido 1042',
    '--external-id',
    'demo-order-1042',
    ...splitFlags(stage),
  ]);
  const id = /\bci_[A-Za-z0-9]+/.exec(output)?.[0];
  if (!id) throw new Error('`paygate charge create` printed no charge id (ci_…)');
  stage.chargeId = id;
}

async function payAndWatch(stage: Stage): Promise<void> {
  const id = stage.chargeId!;
  note(stage, "  The customer scans the QR code; here the sandbox plays the customer's bank:");
  await paygate(stage, ['sandbox', 'pay', id]);
  await paygate(stage, ['charge', 'watch', id]);
}

async function showNotifications(stage: Stage): Promise<void> {
  await notificationsDelivered(stage);
  const { colors } = stage.context;
  const received = stage.delivered.filter((entry) => {
    const summary = summarizeNotification(entry.notification.body);
    return summary.id === stage.chargeId;
  });
  note(stage, `  The receiver got ${received.length} notifications for ${stage.chargeId}:`);
  write(stage);
  const [main] = stage.sellers;
  // As `webhook listen --verify` does: the main seller's notifications checked against the API.
  const { Client } = await import('../../api/client.js');
  const client = new Client({ baseUrl: stage.sandbox.url, secretKey: main.secret_key, env: {} });
  try {
    for (const entry of received.filter((item) => recipientOf(stage, item) === main.seller_id)) {
      entry.notification.verification = await verifyNotification(
        summarizeNotification(entry.notification.body),
        client,
        stage.context.signal,
      );
    }
  } finally {
    await client.close();
  }
  for (const seller of stage.sellers) {
    const own = received.filter((entry) => recipientOf(stage, entry) === seller.seller_id);
    const role =
      seller.seller_id === main.seller_id ? 'main seller: the whole split' : 'partner: only its own part';
    write(
      stage,
      `  ${colors.bold(`${sellerName(seller)} (${seller.seller_id})`)} ${colors.gray(`— ${role}`)}`,
    );
    if (own.length === 0) {
      throw new Error(`no notification reached ${sellerName(seller)} (${seller.seller_id})`);
    }
    for (const entry of own) {
      stage.context.io.stdout.write(indent(formatNotification(entry.notification, colors)));
    }
    write(stage);
  }
}

function indent(text: string): string {
  return text.replace(/^(?=.)/gm, '  ');
}

async function showBalances(stage: Stage): Promise<void> {
  const [main, ...partners] = stage.sellers;
  note(stage, `  PIX settles at once: each share is available now. ${sellerName(main)}, with its key:`);
  await paygate(stage, ['balance']);
  for (const partner of partners) {
    note(stage, `  ${sellerName(partner)}, with its own key:`);
    await paygate(stage, ['balance'], partner);
  }
}

async function payOut(stage: Stage): Promise<void> {
  note(stage, '  From cron, safely: --key makes a rerun print this payout instead of paying twice.');
  note(
    stage,
    "  (The demo's sandbox runs its clock ahead while a command waits: the payout's 2 s pass at once.)",
  );
  const output = await paygate(stage, [
    'payout',
    'create',
    '--amount',
    reais(PAYOUT_AMOUNT),
    '--key',
    'demo-payout-1',
    '--yes',
    '--wait',
  ]);
  stage.payoutId = /\bco_[A-Za-z0-9]+/.exec(output)?.[0];
  await notificationsDelivered(stage);
  const completion = stage.delivered.filter((entry) => {
    const summary = summarizeNotification(entry.notification.body);
    return (
      summary.kind.startsWith('payout') && (stage.payoutId === undefined || summary.id === stage.payoutId)
    );
  });
  if (completion.length === 0) throw new Error('the receiver got no payout notification');
  note(stage, '  And the receiver got:');
  for (const entry of completion) {
    stage.context.io.stdout.write(indent(formatNotification(entry.notification, stage.context.colors)));
  }
  write(stage);
}

function nextSteps(stage: Stage, elapsedMs: number): void {
  const { colors } = stage.context;
  write(
    stage,
    `Done in ${(elapsedMs / 1000).toFixed(1)}s: charged ${formatMoney(CHARGE_AMOUNT)}, split it three ways, paid out ${formatMoney(PAYOUT_AMOUNT)}.`,
  );
  write(stage);
  write(stage, 'Next:');
  const next: Array<[string[], string]> = [
    [['sandbox', 'start'], 'a sandbox of your own that keeps running'],
    [['login', '--sandbox'], 'log in to it (in another terminal)'],
    [['webhook', 'listen'], 'watch notifications arrive'],
    [['charge', 'create', '--help'], 'every option of a charge'],
  ];
  const lines = next.map(([args, what]) => [commandLine(stage.context.invocation, args), what] as const);
  const width = Math.max(...lines.map(([command]) => command.length)) + 3;
  for (const [command, what] of lines)
    write(stage, `  ${colors.cyan(command)}${' '.repeat(width - command.length)}${what}`);
}

const STEPS: Array<{ title: string; run: (stage: Stage) => Promise<void> }> = [
  { title: 'Who is who', run: whoIsWho },
  { title: 'Plan the split', run: previewSplit },
  { title: 'Create the PIX charge', run: createCharge },
  { title: 'The customer pays', run: payAndWatch },
  { title: 'Notifications', run: showNotifications },
  { title: 'Balances', run: showBalances },
  { title: 'Pay out', run: payOut },
];

// ---- set-up and tear-down ---------------------------------------------------------------------

async function openStage(context: Context): Promise<Stage> {
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
    });
    cleanup.push(() => sandbox.close());
    const [main, alfa, beta] = sandbox.sellers;
    if (!main || !alfa || !beta) throw new Error('the sandbox seeded fewer than three sellers');
    // While a command waits, the sandbox's clock jumps ahead by the wait (see the header).
    const sleepAndAdvanceClock = async (ms: number, signal?: AbortSignal) => {
      const response = await fetch(`${sandbox.url}/_sandbox/clock/advance`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ms }),
        signal,
      });
      if (!response.ok) throw new Error(`the sandbox refused to move its clock (HTTP ${response.status})`);
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

async function closeAll(cleanup: Array<() => Promise<unknown>>): Promise<void> {
  for (const close of cleanup.reverse()) await close().catch(() => {});
}

export async function handleDemo(input: CommandInput, context: Context): Promise<number> {
  if (input.args.length > 0) throw new UsageError('argument: demo takes no arguments', { field: 'argument' });
  const options = readFlags(DEMO_FLAGS, input);
  const paceMs = options.pace === undefined ? 0 : parseDuration(options.pace, '--pace');
  // At a terminal the story goes a step at a time, on Enter (as a person reads it); --pace, a
  // script or --no-input runs it straight through.
  const stepOnEnter = options.pace === undefined && context.canPrompt;
  const startedAt = Date.now();
  const stage = await openStage(context);
  const { colors } = context;
  try {
    write(stage, colors.bold('paygate demo: a split PIX charge from start to payout, on a private sandbox.'));
    write(stage);
    for (const [index, step] of STEPS.entries()) {
      if (index > 0 && stepOnEnter) {
        await context.prompter.input({
          message: `Enter: step ${index + 1}/${STEPS.length + 1}, ${step.title} (Ctrl-C stops)`,
        });
      }
      if (index > 0 && paceMs > 0) await context.sleep(paceMs, context.signal).catch(() => {});
      if (context.signal.aborted) throw new InterruptedError('Interrupted: the demo stopped.');
      write(stage, colors.bold(`── ${index + 1}/${STEPS.length + 1}  ${step.title} ──`));
      try {
        await step.run(stage);
      } catch (error) {
        throw stepFailure(index + 1, step.title, error);
      }
    }
    write(stage, colors.bold(`── ${STEPS.length + 1}/${STEPS.length + 1}  What next ──`));
    nextSteps(stage, Date.now() - startedAt);
    return 0;
  } finally {
    await closeAll(stage.cleanup);
  }
}

/** The error a failed step ends the demo with: it names the step; the exit code is the command's. */
export function stepFailure(number: number, title: string, error: unknown): PaygateError {
  if (error instanceof InterruptedError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const exitCode = error instanceof PaygateError ? error.exitCode : ExitCode.Internal;
  return new PaygateError(`the demo failed at step ${number} (${title}): ${message}`, exitCode, {
    type: 'demo_failed',
    hint: 'this is a bug: please report it with the output above',
  });
}
