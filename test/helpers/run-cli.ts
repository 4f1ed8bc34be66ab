import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli.js';
import type { Clock } from '../../src/context.js';
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
