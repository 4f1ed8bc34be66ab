// A command run through its handler instead of the whole CLI: argv parsed by the real commander
// tree (inputFor), then `handler.parse` and `handler.run` with a fake context. Printing a thrown
// error ("error: …", "hint: …", the --json error object) is the top level's job (cli.ts
// reportError), so the error is handed back as thrown, for the test to check its message and code.
import type { CommandHandler } from '../../src/commands/types.js';
import { PaygateError } from '../../src/errors.js';
import { type FakeContextOptions, fakeContext } from '../helpers/fake-context.js';
import { inputFor } from '../helpers/run-cli.js';

export interface HandlerResult {
  /** What run returned (0 when undefined), or the exit code of the PaygateError thrown. */
  code: number;
  /** The PaygateError parse or run threw, if any (anything else is rethrown). */
  error: PaygateError | undefined;
  stdout: string;
  stderr: string;
  /** The config dir the context read and wrote. */
  configDir: string;
}

/** `paygate ARGV` (command words included, global flags in `options.globals`) through `handler`. */
export async function runHandler<Options>(
  handler: CommandHandler<Options>,
  argv: readonly string[],
  options: FakeContextOptions = {},
): Promise<HandlerResult> {
  const { context, io, configDir } = fakeContext(options);
  let code: number;
  let error: PaygateError | undefined;
  try {
    code = (await handler.run(handler.parse(await inputFor(argv), context), context)) ?? 0;
  } catch (thrown) {
    if (!(thrown instanceof PaygateError)) throw thrown;
    error = thrown;
    code = thrown.exitCode;
  } finally {
    await context.close();
  }
  return { code, error, stdout: io.stdout.text, stderr: io.stderr.text, configDir };
}
