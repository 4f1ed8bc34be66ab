import { runCli } from './cli.js';
import { ExitCode } from './errors.js';

/** The real process: its streams, environment and Ctrl-C. */
export async function main(argv: string[]): Promise<number> {
  const controller = new AbortController();
  let interrupts = 0;
  const onInterrupt = () => {
    interrupts += 1;
    // First Ctrl-C: commands stop cleanly (a watch prints how to resume). Second: leave now.
    if (interrupts > 1) process.exit(ExitCode.Interrupted);
    controller.abort(new Error('interrupted'));
  };
  process.on('SIGINT', onInterrupt);
  process.on('SIGTERM', onInterrupt);
  // `paygate … | head` closes stdout early: that is not an error worth a stack trace.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  });
  try {
    return await runCli(argv, {
      io: {
        // Opened on first use: few commands read stdin, and opening it costs start-up time.
        get stdin() {
          return process.stdin;
        },
        get stdinIsTTY() {
          return Boolean(process.stdin.isTTY);
        },
        stdout: process.stdout,
        stderr: process.stderr,
        stdoutIsTTY: Boolean(process.stdout.isTTY),
        stderrIsTTY: Boolean(process.stderr.isTTY),
      },
      env: process.env,
      signal: controller.signal,
    });
  } finally {
    process.off('SIGINT', onInterrupt);
    process.off('SIGTERM', onInterrupt);
  }
}
