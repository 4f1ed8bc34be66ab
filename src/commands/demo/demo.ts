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
import type { Context } from '../../context.js';
import { parseWaitDuration } from '../../domain/duration.js';
import { ExitCode, InterruptedError, PaygateError, UsageError } from '../../errors.js';
import { errorMessage } from '../../output/error-text.js';
import { sayDemo } from '../../text/en/demo.js';
import { readFlags } from '../options.js';
import type { CommandHandler } from '../types.js';
import { DEMO_FLAGS } from './flags.js';
import { closeAll, openStage, write } from './stage.js';
import { nextSteps, STEPS } from './steps.js';

export interface DemoOptions {
  /** --pace: the pause between steps, straight through; undefined: no --pace. */
  paceMs?: number;
}

export const demo: CommandHandler<DemoOptions> = {
  parse: (input) => {
    if (input.args.length > 0) throw new UsageError(sayDemo('noArguments'), { field: 'argument' });
    const { pace } = readFlags(DEMO_FLAGS, input);
    return pace === undefined ? {} : { paceMs: parseWaitDuration(pace, '--pace') };
  },
  run: runDemo,
};

async function runDemo(options: DemoOptions, context: Context): Promise<number> {
  const paceMs = options.paceMs ?? 0;
  // At a terminal the story goes a step at a time, on Enter (as a person reads it); --pace, a
  // script or --no-input runs it straight through.
  const stepOnEnter = options.paceMs === undefined && context.canPrompt;
  const startedAt = Date.now();
  const stage = await openStage(context);
  const { colors } = context;
  try {
    write(stage, colors.bold(sayDemo('intro')));
    write(stage);
    const total = STEPS.length + 1;
    for (const [index, step] of STEPS.entries()) {
      const title = step.title();
      if (index > 0 && stepOnEnter) {
        await context.prompter.input({ message: sayDemo('pressEnter', { number: index + 1, total, title }) });
      }
      if (index > 0 && paceMs > 0) await context.sleep(paceMs, context.signal).catch(() => {});
      if (context.signal.aborted) throw new InterruptedError(sayDemo('interrupted'));
      write(stage, colors.bold(sayDemo('stepHeading', { number: index + 1, total, title })));
      try {
        await step.run(stage);
      } catch (error) {
        throw stepFailure(index + 1, title, error);
      }
    }
    write(
      stage,
      colors.bold(sayDemo('stepHeading', { number: total, total, title: sayDemo('titleWhatNext') })),
    );
    nextSteps(stage, Date.now() - startedAt);
    return 0;
  } finally {
    await closeAll(stage.cleanup);
  }
}

/** The error a failed step ends the demo with: it names the step; the exit code is the command's. */
export function stepFailure(number: number, title: string, error: unknown): PaygateError {
  if (error instanceof InterruptedError) return error;
  const message = errorMessage(error);
  const exitCode = error instanceof PaygateError ? error.exitCode : ExitCode.Internal;
  return new PaygateError(sayDemo('failedAtStep', { number, title, message }), exitCode, {
    type: 'demo_failed',
    hint: sayDemo('failedHint'),
  });
}
