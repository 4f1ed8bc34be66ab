// `webhook listen` run through its handler for tests, and a stand-in for the developer's application.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookListen } from '../../src/commands/webhook/listen.js';
import { type FakeContextOptions, fakeContext } from './fake-context.js';
import type { FakeIO } from './fake-io.js';
import { inputFor } from './run-cli.js';

export interface Listening {
  url: string;
  io: FakeIO;
  /** Stops it (Ctrl-C) and resolves to its exit code. */
  stop(): Promise<number>;
}

/**
 * Starts `paygate webhook listen --port 0 ARGS` through its handler (webhookListen.parse, then run
 * with a fake context whose signal is Ctrl-C; global flags in `options.globals`) and reads its URL
 * from stderr.
 */
export async function listen(
  args: string[] = [],
  options: Omit<FakeContextOptions, 'signal'> = {},
): Promise<Listening> {
  const controller = new AbortController();
  const { context, io } = fakeContext({ ...options, signal: controller.signal });
  const listenOptions = webhookListen.parse(
    await inputFor(['webhook', 'listen', '--port', '0', ...args]),
    context,
  );
  const done = webhookListen
    .run(listenOptions, context)
    .then((code) => code ?? 0)
    .finally(() => context.close());
  let ended = false;
  done.then(
    () => {
      ended = true;
    },
    () => {
      ended = true;
    },
  );
  const deadline = Date.now() + 5000;
  for (;;) {
    const url = /(?:Listening on|Escutando em) (http:\/\/127\.0\.0\.1:\d+)/.exec(io.stderr.text)?.[1];
    if (url) {
      return {
        url,
        io,
        stop: async () => {
          controller.abort(new Error('interrupted'));
          return done;
        },
      };
    }
    if (ended) {
      await done;
      throw new Error(`listen ended early: ${io.stderr.text}`);
    }
    if (Date.now() > deadline) throw new Error('timed out waiting for the Listening line');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
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
