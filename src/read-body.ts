// Reading a request body up to a limit, for the two servers paygate runs (the sandbox gateway and
// the webhook receiver). The limit is checked on the declared length first, then on what arrives.
import type { IncomingMessage } from 'node:http';

export type BodyRead =
  | { body: Buffer }
  /** Longer than the limit: answer 413 and read no further. */
  | { tooLarge: true }
  /** The client went away before the body was complete: nothing to answer. */
  | { aborted: true };

export function readBody(request: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.resolve({ tooLarge: true });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (result: BodyRead) => {
      if (done) return;
      done = true;
      resolve(result);
    };
    request.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > maxBytes) finish({ tooLarge: true });
      else chunks.push(chunk);
    });
    request.on('end', () => finish({ body: Buffer.concat(chunks) }));
    request.on('error', () => finish({ aborted: true }));
    request.on('close', () => {
      if (!request.complete) finish({ aborted: true });
    });
  });
}
