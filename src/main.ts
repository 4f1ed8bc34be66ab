import { unsafeRequests } from './api/in-flight.js';
import { asksForJson, reportError, runCli } from './cli.js';
import { DEFAULT_TIME_ZONE } from './domain/time-zone.js';
import { ExitCode, OutputLostError } from './errors.js';
import { isTerminal, StdioOutput } from './output/stdio.js';

/**
 * The real process: its streams, environment and Ctrl-C. `executable`: run as the single
 * executable (scripts/package.mjs), whose argv[1] is the program itself, not a script.
 */
export async function main(argv: string[], options: { executable?: boolean } = {}): Promise<number> {
  // Local times (tables, --since/--until dates) in the zone --excel uses: src/domain/time-zone.ts.
  if (!process.env.TZ) process.env.TZ = DEFAULT_TIME_ZONE;
  // Made when a command asks for it (loading AbortController costs start-up time).
  let controller: AbortController | undefined;
  let interrupts = 0;
  const onInterrupt = () => {
    interrupts += 1;
    // First Ctrl-C: commands stop cleanly (a watch prints how to resume). Second: leave now.
    // A create still in flight then has an unknown outcome (exit 9).
    if (interrupts > 1) {
      process.exit(unsafeRequests.inFlight > 0 ? ExitCode.OutcomeUnknown : ExitCode.Interrupted);
    }
    controller ??= new AbortController();
    controller.abort(new Error('interrupted'));
  };
  process.on('SIGINT', onInterrupt);
  process.on('SIGTERM', onInterrupt);
  // Opened as streams only when needed (src/output/stdio.ts): most commands never need them.
  const stdout = new StdioOutput(1, () => process.stdout);
  const stderr = new StdioOutput(2, () => process.stderr);
  // `paygate … | head` closes stdout early: that is not an error worth a stack trace.
  // Any other failure of stdout (a full disk: ENOSPC) lost output the command thought written: a
  // run that would end 0 says so and ends 1 (a list notices it itself: output/render.ts).
  let outputLost: unknown;
  let ended = false;
  const reportOutputLost = () =>
    reportError(new OutputLostError(outputLost), { stderr }, { json: asksForJson(argv), debug: false });
  stdout.on('error', (error) => {
    if ((error as NodeJS.ErrnoException).code === 'EPIPE') process.exit(process.exitCode ?? 0);
    if (outputLost !== undefined) return;
    outputLost = error;
    if (ended && !process.exitCode) {
      void reportOutputLost().then((code) => {
        process.exitCode = code;
      });
    }
  });
  // `… 2>&1 | head -3` closes stderr too: the messages have nowhere to go, but the command goes
  // on and its exit code stands (a closed stderr is not a failure of the command).
  stderr.on('error', () => {});
  const terminal: Array<boolean | undefined> = [];
  const isTerminalOnce = (fd: number) => {
    terminal[fd] ??= isTerminal(fd);
    return terminal[fd];
  };
  try {
    const code = await runCli(argv, {
      io: {
        // Opened on first use: few commands read stdin, and opening it costs start-up time.
        get stdin() {
          return process.stdin;
        },
        get stdinIsTTY() {
          return isTerminalOnce(0);
        },
        stdout,
        stderr,
        promptOutput: () => stderr.stream(),
        get stdoutIsTTY() {
          return isTerminalOnce(1);
        },
        get stderrIsTTY() {
          return isTerminalOnce(2);
        },
        terminalSize: () => {
          if (!isTerminalOnce(1)) return undefined;
          const { rows, columns } = process.stdout;
          return rows > 0 && columns > 0 ? { rows, columns } : undefined;
        },
      },
      env: process.env,
      scriptPath: process.argv[1],
      scriptIsExecutable: options.executable,
      cwd: process.cwd(),
      get signal() {
        controller ??= new AbortController();
        return controller.signal;
      },
    });
    ended = true;
    return outputLost !== undefined && code === ExitCode.Success ? await reportOutputLost() : code;
  } finally {
    process.off('SIGINT', onInterrupt);
    process.off('SIGTERM', onInterrupt);
  }
}
