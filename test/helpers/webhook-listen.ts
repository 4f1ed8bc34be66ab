// `webhook listen` run in process for tests, and a stand-in for the developer's application.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runCli } from '../../src/cli.js';
import { createFakeIO, type FakeIO, type FakeIOOptions } from './fake-io.js';
import { noPrompter } from './prompter.js';
import { tempConfigDir } from './run-cli.js';

export interface Listening {
  url: string;
  io: FakeIO;
  /** Stops it (Ctrl-C) and resolves to its exit code. */
  stop(): Promise<number>;
}

async function waitFor<T>(read: () => T | undefined, what: string, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Starts `paygate webhook listen --port 0 ARGS` in process and reads its URL from stderr. */
export async function listen(
  args: string[] = [],
  env: Record<string, string> = {},
  ioOptions: FakeIOOptions = {},
): Promise<Listening> {
  const io = createFakeIO(ioOptions);
  const controller = new AbortController();
  const done = runCli(['webhook', 'listen', '--port', '0', ...args], {
    io,
    env: { PAYGATE_CONFIG_DIR: tempConfigDir(), ...env },
    prompter: noPrompter,
    signal: controller.signal,
  });
  let exited = false;
  void done.then(() => {
    exited = true;
  });
  const url = await waitFor(() => {
    if (exited) throw new Error(`listen exited early: ${io.stderr.text}`);
    return /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(io.stderr.text)?.[1];
  }, 'the Listening line');
  return {
    url,
    io,
    stop: async () => {
      controller.abort(new Error('interrupted'));
      return done;
    },
  };
}

export interface Captured {
  body: string;
  headers: IncomingHttpHeaders;
  method: string | undefined;
  path: string | undefined;
}

/** A stand-in for the developer's application: records what it gets, answers `status`. */
export async function target(status = 200): Promise<{ url: string; received: Captured[]; server: Server }> {
  const received: Captured[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        headers: req.headers,
        method: req.method,
        path: req.url,
      });
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received, server };
}

export function jsonLines(text: string): Array<Record<string, unknown>> {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
