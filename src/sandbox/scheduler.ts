// Time-driven transitions (charge expiry, auto-pay, payout progress) on the sandbox's clock.
// Tasks wait in a binary min-heap by due time. They run when a real timer fires, lazily before
// every API request (so a read never shows a charge that should already have expired), and at
// once when the clock is advanced. A task runs with its own due time as the event time, so
// advancing the clock by an hour stamps each transition when it was due, in order.

export interface Task {
  due: number;
  seq: number;
  kind: 'charge.expire' | 'charge.autopay' | 'payout.process' | 'payout.complete';
  id: string;
}

export class Scheduler {
  private heap: Task[] = [];
  private seq = 0;
  private timer: NodeJS.Timeout | undefined;
  private armedFor = Number.POSITIVE_INFINITY;
  private closed = false;
  private running = false;

  constructor(
    private readonly now: () => number,
    private readonly run: (task: Task) => void,
    private readonly onRan: () => void = () => {},
  ) {}

  get size(): number {
    return this.heap.length;
  }

  add(due: number, kind: Task['kind'], id: string): void {
    const task: Task = { due, seq: this.seq++, kind, id };
    const h = this.heap;
    h.push(task);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!less(h[i]!, h[p]!)) break;
      [h[i], h[p]] = [h[p]!, h[i]!];
      i = p;
    }
    this.arm();
  }

  /** Runs every task due at `now()`; returns how many ran. Cheap when none is due. */
  runDue(): number {
    const top = this.heap[0];
    if (top === undefined || this.running) return 0;
    const now = this.now();
    if (top.due > now) return 0;
    this.running = true;
    let ran = 0;
    try {
      while (this.heap.length > 0 && this.heap[0]!.due <= now) {
        const task = this.pop()!;
        ran++;
        try {
          this.run(task);
        } catch (err) {
          // A task must never take the server down (it runs from a timer): report and go on.
          process.stderr.write(
            `paygate sandbox: task ${task.kind} ${task.id} failed: ${(err as Error).message}\n`,
          );
        }
      }
    } finally {
      this.running = false;
    }
    // The timer may have been armed for a task that just ran: arm afresh for the new earliest.
    this.disarm();
    this.arm();
    return ran;
  }

  clear(): void {
    this.heap = [];
    this.disarm();
  }

  close(): void {
    this.closed = true;
    this.clear();
  }

  /** (Re)arms the real timer for the earliest task. */
  arm(): void {
    if (this.closed) return;
    const top = this.heap[0];
    if (top === undefined) {
      this.disarm();
      return;
    }
    if (this.timer !== undefined && top.due >= this.armedFor) return;
    this.disarm();
    const delay = Math.min(Math.max(0, top.due - this.now()), 2_147_483_647);
    this.armedFor = top.due;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.armedFor = Number.POSITIVE_INFINITY;
      if (this.runDue() > 0) {
        try {
          this.onRan();
        } catch (err) {
          process.stderr.write(`paygate sandbox: ${(err as Error).message}\n`);
        }
      } else this.arm();
    }, delay);
    this.timer.unref();
  }

  private disarm(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.armedFor = Number.POSITIVE_INFINITY;
  }

  private pop(): Task | undefined {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (h.length > 0 && last !== undefined) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && less(h[l]!, h[m]!)) m = l;
        if (r < h.length && less(h[r]!, h[m]!)) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m]!, h[i]!];
        i = m;
      }
    }
    return top;
  }
}

function less(a: Task, b: Task): boolean {
  return a.due < b.due || (a.due === b.due && a.seq < b.seq);
}
