// A Context for calling a command's `run` directly (no argv, no commander): fake streams, a temp
// config dir, no prompts unless a prompter is given, and a client pointed at `baseUrl` (a scripted
// server from test/api/helpers.ts, or a test sandbox). What the command printed is on `io`.
import { runCli } from '../../src/cli.js';
import { loadAllSpecs } from '../../src/commands/registry.js';
import type { Clock, Context, GlobalOptions } from '../../src/context.js';
import { createContext } from '../../src/context.js';
import { wholeProgram } from '../../src/program.js';
import type { Prompter } from '../../src/prompter.js';
import { SECRET } from '../api/helpers.js';
import { createFakeIO, type FakeIO, type FakeIOOptions } from './fake-io.js';
import { noPrompter } from './prompter.js';
import { tempConfigDir } from './run-cli.js';

export interface FakeContextOptions extends FakeIOOptions {
  /** The gateway the client talks to; without it, a command that needs a client exits 4 (not configured). */
  baseUrl?: string;
  /** The secret key sent to `baseUrl` (a test key by default). */
  secretKey?: string;
  env?: Record<string, string | undefined>;
  /** Global flags as commander gives them (`{ json: true }`, `{ output: 'csv' }`, `{ quiet: true }`). */
  globals?: GlobalOptions;
  prompter?: Prompter;
  clock?: Clock;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  signal?: AbortSignal;
}

export interface FakeContext {
  context: Context;
  io: FakeIO;
  /** The temp config dir (journal, profiles) this context reads and writes. */
  configDir: string;
}

export function fakeContext(options: FakeContextOptions = {}): FakeContext {
  const io = createFakeIO(options);
  const configDir = tempConfigDir();
  const env: Record<string, string | undefined> = {
    PAYGATE_CONFIG_DIR: configDir,
    ...(options.baseUrl
      ? { PAYGATE_BASE_URL: options.baseUrl, PAYGATE_SECRET_KEY: options.secretKey ?? SECRET }
      : {}),
    ...options.env,
  };
  const context = createContext(
    {
      io,
      env,
      prompter: options.prompter ?? noPrompter,
      clock: options.clock,
      sleep: options.sleep,
      signal: options.signal,
      // A command that runs other command lines (demo) runs them as the CLI does.
      runCommandLine: runCli,
      wholeProgram: async () => wholeProgram(await loadAllSpecs()),
    },
    options.globals ?? {},
  );
  return { context, io, configDir: env.PAYGATE_CONFIG_DIR ?? configDir };
}
