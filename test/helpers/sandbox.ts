import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { RecordedRequest } from '../../src/sandbox/recorded-request.js';
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
  /**
   * Injects a fault (POST /_sandbox/faults) and returns a wait for the end of the request it hits:
   * the sandbox records a request once it has answered or dropped it, so a test waits for that
   * instead of sleeping for the whole delay. A request whose client left during a `before` delay
   * is never recorded (the sandbox does not read its body): the wait then ends once the delay is
   * well past, when the sandbox can no longer act on it.
   */
  injectFault(fault: Record<string, unknown>): Promise<{ finished(): Promise<void> }>;
  close(): Promise<void>;
}

/** How long past a fault's delay a request it held may still be acted on by the sandbox. */
const DELAY_MARGIN_MS = 500;

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
    injectFault: async (fault) => {
      const response = await fetch(`${sandbox.url}/_sandbox/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(fault),
      });
      const injectedAt = Date.now();
      const { data } = (await response.json()) as { data: { id: string; delay_ms: number } };
      const hit = (request: RecordedRequest) => request.fault?.startsWith(`${data.id}:`) === true;
      return {
        finished: async () => {
          const past = injectedAt + data.delay_ms + DELAY_MARGIN_MS;
          while (!sandbox.requests.some(hit) && Date.now() < past) await delay(10);
        },
      };
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
