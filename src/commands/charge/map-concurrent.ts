// A task run over a stream of items, at most `limit` at a time, each result handed on as soon as
// it is in: `charge get -` fetches the ids on stdin this way.

export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown; input: string };

/**
 * Runs `task` over the items of `source` with at most `limit` at a time and yields each result
 * as soon as it completes (not in input order). The source is read only as far as there is room,
 * and nothing runs while the consumer is busy with a result: memory is bounded by `limit`.
 */
export async function* mapConcurrent<T extends string, R>(
  source: AsyncIterable<T>,
  limit: number,
  task: (item: T) => Promise<R>,
): AsyncGenerator<Outcome<R>> {
  const iterator = source[Symbol.asyncIterator]();
  type Event =
    | { kind: 'item'; result: IteratorResult<T> }
    | { kind: 'done'; key: number; outcome: Outcome<R> };
  const running = new Map<number, Promise<Event>>();
  let reading: Promise<Event> | undefined;
  let sourceDone = false;
  let nextKey = 0;
  try {
    for (;;) {
      if (!sourceDone && !reading && running.size < limit) {
        reading = iterator.next().then((result) => ({ kind: 'item', result }));
      }
      if (sourceDone && running.size === 0) return;
      const event = await Promise.race(reading ? [reading, ...running.values()] : running.values());
      if (event.kind === 'item') {
        reading = undefined;
        if (event.result.done) {
          sourceDone = true;
          continue;
        }
        const item = event.result.value;
        const key = nextKey++;
        running.set(
          key,
          task(item).then(
            (value): Event => ({ kind: 'done', key, outcome: { ok: true, value } }),
            (error: unknown): Event => ({ kind: 'done', key, outcome: { ok: false, error, input: item } }),
          ),
        );
      } else {
        running.delete(event.key);
        yield event.outcome;
      }
    }
  } finally {
    // A read still pending (an open stdin) would hold a queued return(): the caller closes the
    // source, which ends that read.
    if (reading) void iterator.return?.();
    else await iterator.return?.();
  }
}
