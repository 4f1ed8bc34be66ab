// Time-driven transitions (charge expiry, auto-pay, payout progress) on the sandbox's clock.
// Tasks wait in a binary min-heap by due time. They run when a real timer fires, lazily before
// every API request (so a read never shows a charge that should already have expired), and at
// once when the clock is advanced. A task runs with its own due time as the event time, so
// advancing the clock by an hour stamps each transition when it was due, in order.
import { saySandboxServer } from '../text/en/sandbox-server.js';

export interface Task {
  due: number;
  seq: number;
  kind: 'charge.expire' | 'charge.autopay' | 'payout.process' | 'payout.complete';
  id: string;
}

/** What the scheduler is given: the sandbox clock, what runs a task, and where it reports. */
export interface SchedulerOptions {
  now: () => number;
  run: (task: Task) => void;
  /** Called after tasks ran from the real timer (the gateway saves its state then). */
  afterTimerRun?: () => void;
  /** Reports a failure that must not stop the server (one line, no newline). */
  report: (message: string) => void;
}

export class Scheduler {
  #heap: Task[] = [];
  #seq = 0;
  #timer: NodeJS.Timeout | undefined;
  #armedFor = Number.POSITIVE_INFINITY;
  #closed = false;
  #running = false;
  readonly #now: () => number;
  readonly #run: (task: Task) => void;
  readonly #afterTimerRun: () => void;
  readonly #report: (message: string) => void;

  constructor(options: SchedulerOptions) {
    this.#now = options.now;
    this.#run = options.run;
    this.#afterTimerRun = options.afterTimerRun ?? (() => {});
    this.#report = options.report;
  }

  get size(): number {
    return this.#heap.length;
  }

  add(due: number, kind: Task['kind'], id: string): void {
    const task: Task = { due, seq: this.#seq++, kind, id };
    const heap = this.#heap;
    heap.push(task);
    let index = heap.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!less(heap[index]!, heap[parent]!)) break;
      [heap[index], heap[parent]] = [heap[parent]!, heap[index]!];
      index = parent;
    }
    this.arm();
  }

  /** Runs every task due at `now()`; returns how many ran. Cheap when none is due. */
  runDue(): number {
    const top = this.#heap[0];
    if (top === undefined || this.#running) return 0;
    const now = this.#now();
    if (top.due > now) return 0;
    this.#running = true;
    let ran = 0;
    try {
      while (this.#heap.length > 0 && this.#heap[0]!.due <= now) {
        const task = this.#pop()!;
        ran++;
        try {
          this.#run(task);
        } catch (error) {
          // A task must never take the server down (it runs from a timer): report and go on.
          this.#report(
            saySandboxServer('taskFailed', {
              kind: task.kind,
              id: task.id,
              reason: (error as Error).message,
            }),
          );
        }
      }
    } finally {
      this.#running = false;
    }
    // The timer may have been armed for a task that just ran: arm afresh for the new earliest.
    this.#disarm();
    this.arm();
    return ran;
  }

  clear(): void {
    this.#heap = [];
    this.#disarm();
  }

  close(): void {
    this.#closed = true;
    this.clear();
  }

  /** (Re)arms the real timer for the earliest task. */
  arm(): void {
    if (this.#closed) return;
    const top = this.#heap[0];
    if (top === undefined) {
      this.#disarm();
      return;
    }
    if (this.#timer !== undefined && top.due >= this.#armedFor) return;
    this.#disarm();
    const delay = Math.min(Math.max(0, top.due - this.#now()), 2_147_483_647);
    this.#armedFor = top.due;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#armedFor = Number.POSITIVE_INFINITY;
      if (this.runDue() > 0) {
        try {
          this.#afterTimerRun();
        } catch (error) {
          this.#report((error as Error).message);
        }
      } else this.arm();
    }, delay);
    this.#timer.unref();
  }

  #disarm(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#armedFor = Number.POSITIVE_INFINITY;
  }

  #pop(): Task | undefined {
    const heap = this.#heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last !== undefined) {
      heap[0] = last;
      let index = 0;
      for (;;) {
        const left = 2 * index + 1;
        const right = left + 1;
        let smallest = index;
        if (left < heap.length && less(heap[left]!, heap[smallest]!)) smallest = left;
        if (right < heap.length && less(heap[right]!, heap[smallest]!)) smallest = right;
        if (smallest === index) break;
        [heap[index], heap[smallest]] = [heap[smallest]!, heap[index]!];
        index = smallest;
      }
    }
    return top;
  }
}

/** Earlier due time first; tasks due at the same time in the order they were added. */
function less(first: Task, second: Task): boolean {
  return first.due < second.due || (first.due === second.due && first.seq < second.seq);
}
