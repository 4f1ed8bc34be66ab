// `webhook listen` started through its handler (webhookListen.parse, then run with a fake context
// whose signal is Ctrl-C), for the tests that send it notifications. The same Listening as
// listen() in test/helpers/webhook-listen.ts, which runs the whole CLI.
import { webhookListen } from '../../../src/commands/webhook/listen.js';
import { type FakeContextOptions, fakeContext } from '../../helpers/fake-context.js';
import { inputFor } from '../../helpers/run-cli.js';
import type { Listening } from '../../helpers/webhook-listen.js';

/** `paygate webhook listen --port 0 ARGS` (global flags in `options.globals`), its URL read from stderr. */
export async function listenThroughHandler(
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
    const url = /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(io.stderr.text)?.[1];
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
