// One command line through its handler, as the CLI runs it minus commander's tree and the top
// level: `parse` of what commander would hand it (inputFor), then `run` with a fakeContext. Gives
// what a user sees (exit code, stdout, stderr) and the failure `run` threw, with the words the top
// level prints for it, so a test that does not know beforehand whether a command succeeds (a
// gateway that may answer either way) reads both outcomes alike. Global flags (--json, -o) go in
// `options.globals`, not in argv.
import type { CommandHandler } from '../../src/commands/types.js';
import { PaygateError } from '../../src/errors.js';
import { errorHint, errorMessage } from '../../src/output/error-text.js';
import { type FakeContextOptions, fakeContext } from './fake-context.js';
import { inputFor } from './run-cli.js';

export interface HandlerResult {
  code: number;
  stdout: string;
  stderr: string;
  /** The failure the command threw (its exit code is `code`). */
  error?: PaygateError;
  /** The failure's message and hint as the top level prints them (without "error: "), or ''. */
  failure: string;
  configDir: string;
}

export async function runHandler<Options>(
  handler: CommandHandler<Options>,
  argv: readonly string[],
  options: FakeContextOptions = {},
): Promise<HandlerResult> {
  const { context, io, configDir } = fakeContext(options);
  const seen = () => ({ stdout: io.stdout.text, stderr: io.stderr.text, configDir });
  try {
    const code = await handler.run(handler.parse(await inputFor(argv), context), context);
    return { code: code ?? 0, ...seen(), failure: '' };
  } catch (error) {
    // Anything else is a crash (exit 1 at the top level): the test fails on it.
    if (!(error instanceof PaygateError)) throw error;
    const failure = [errorMessage(error), errorHint(error)].filter(Boolean).join('\n');
    return { code: error.exitCode, ...seen(), error, failure };
  } finally {
    await context.close();
  }
}

/**
 * What a person reads on stderr after a handler run: what it printed, then its failure's message
 * and hint in words (the top level adds the `error: ` and `hint: ` prefixes when it prints them).
 */
export function stderrWords(result: HandlerResult): string {
  return result.error ? `${result.stderr}\n${result.failure}` : result.stderr;
}
