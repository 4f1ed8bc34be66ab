import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { runCli, specsFor } from '../../src/cli.js';
import type { CommandInput } from '../../src/commands/types.js';
import type { Clock } from '../../src/context.js';
import { createProgram } from '../../src/program.js';
import type { Prompter } from '../../src/prompter.js';
import { createFakeIO, type FakeIOOptions } from './fake-io.js';
import { noPrompter } from './prompter.js';

export interface RunOptions extends FakeIOOptions {
  env?: Record<string, string | undefined>;
  prompter?: Prompter;
  clock?: Clock;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  signal?: AbortSignal;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function tempConfigDir(): string {
  return mkdtempSync(join(tmpdir(), 'paygate-test-'));
}

/** A fresh config dir whose default profile declares its gateway's money unit (`gateway.money_unit`). */
export function tempConfigDirDeclaring(unit: 'centavos' | 'reais'): string {
  const dir = tempConfigDir();
  writeFileSync(
    join(dir, 'config.json'),
    JSON.stringify({ profiles: { default: { settings: { 'gateway.money_unit': unit } } } }),
  );
  return dir;
}

/** A fresh config dir with these global settings (`retry.base_delay`, …) in its config.json. */
export function tempConfigDirWithSettings(settings: Record<string, string>): string {
  const dir = tempConfigDir();
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: {}, settings }));
  return dir;
}

/** Runs the CLI in process with fake streams. Pass PAYGATE_CONFIG_DIR in env (see tempConfigDir). */
export async function run(argv: string[], options: RunOptions = {}): Promise<RunResult> {
  const io = createFakeIO(options);
  const code = await runCli(argv, {
    io,
    env: { PAYGATE_CONFIG_DIR: options.env?.PAYGATE_CONFIG_DIR ?? tempConfigDir(), ...options.env },
    prompter: options.prompter ?? noPrompter,
    clock: options.clock,
    sleep: options.sleep,
    signal: options.signal,
  });
  return { code, stdout: io.stdout.text, stderr: io.stderr.text };
}

/**
 * Parses `args` as the CLI does (only the specs of the word they name loaded) and runs nothing:
 * the command that would have run, what its handler would get, and the parse error if any.
 */
export async function parseOnly(
  args: readonly string[],
): Promise<{ ran?: string; input?: CommandInput; error?: unknown }> {
  const sink = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  let ran: string | undefined;
  let input: CommandInput | undefined;
  const program = createProgram(
    { stdout: sink, stderr: sink },
    async (spec, commandArgs, flags) => {
      ran = spec.path;
      input = { args: commandArgs, flags };
      return 0;
    },
    await specsFor(args),
  );
  try {
    await program.parseAsync(args, { from: 'user' });
    return { ran, input };
  } catch (error) {
    return { ran, input, error };
  }
}

/** What the handler of `paygate ARGS` receives, parsed by the real commander tree (no run). */
export async function inputFor(args: readonly string[]): Promise<CommandInput> {
  const parsed = await parseOnly(args);
  if (parsed.error) throw parsed.error;
  if (!parsed.input) throw new Error(`no command ran for ${args.join(' ')}`);
  return parsed.input;
}
