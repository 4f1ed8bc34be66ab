import { afterAll, beforeAll, beforeEach } from 'vitest';
import {
  type Sandbox,
  type SandboxOptions,
  type SeededSeller,
  startSandbox,
} from '../../src/sandbox/server.js';
import { tempConfigDir } from './run-cli.js';

export interface TestSandbox {
  sandbox: Sandbox;
  url: string;
  /** The main seller (PJ, whitelisted, id 1001). */
  main: SeededSeller;
  /** Environment for the CLI: the main seller's keys, the sandbox URL and a fresh config dir. */
  env: Record<string, string>;
  /** Sends a control request (`/_sandbox/...`) and returns the parsed body. */
  control(path: string, body?: unknown): Promise<unknown>;
  close(): Promise<void>;
}

/** A sandbox on an ephemeral port, with fast notification retries, for one test file. */
export async function startTestSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  const sandbox = await startSandbox({
    port: 0,
    payoutProcessingMs: 0,
    notifier: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 50, timeoutMs: 2000 },
    ...options,
  });
  const main = sandbox.sellers[0]!;
  return {
    sandbox,
    url: sandbox.url,
    main,
    env: {
      PAYGATE_BASE_URL: sandbox.url,
      PAYGATE_SECRET_KEY: main.secret_key,
      PAYGATE_PUBLIC_KEY: main.public_key,
      PAYGATE_CONFIG_DIR: tempConfigDir(),
    },
    control: async (path, body) => {
      const response = await fetch(`${sandbox.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      });
      return response.json();
    },
    close: () => sandbox.close(),
  };
}

/**
 * One sandbox for the test file, reset before each test: registers the vitest hooks and returns
 * the sandbox, filled in once `beforeAll` has run.
 */
export function useTestSandbox(options: SandboxOptions = {}): TestSandbox {
  const holder = {} as TestSandbox;
  beforeAll(async () => {
    Object.assign(holder, await startTestSandbox(options));
  });
  afterAll(() => holder.close());
  beforeEach(() => holder.sandbox.reset());
  return holder;
}
