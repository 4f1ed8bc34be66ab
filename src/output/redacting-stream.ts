// The last pass before stdout and stderr: every chunk is written through `redact`, so that pieces
// of a key that arrived in separate fields and were joined on one line (a message and a code)
// are checked as the line a person reads, not only field by field (docs/architecture.md, "Secrets").
import type { OutputStream } from '../io.js';

/** `stream` with each chunk passed through `redact` first; its events are the stream's own. */
export function redactingStream(stream: OutputStream, redact: (text: string) => string): OutputStream {
  return {
    write: (chunk: string) => stream.write(typeof chunk === 'string' ? redact(chunk) : chunk),
    ...(stream.once ? { once: stream.once.bind(stream) } : {}),
    ...(stream.on ? { on: stream.on.bind(stream) } : {}),
    ...(stream.off ? { off: stream.off.bind(stream) } : {}),
  };
}
