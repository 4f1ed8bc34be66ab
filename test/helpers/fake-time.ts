// A clock for a command run in process that moves only when the command sleeps: no test waits
// for real. `onSleep` runs at each sleep (the nth, from 1), before the clock moves on.
export function fakeTime(onSleep: (count: number, ms: number) => Promise<void> | void = () => {}) {
  let now = Date.now();
  const sleeps: number[] = [];
  return {
    sleeps,
    clock: { now: () => now },
    sleep: async (ms: number, signal?: AbortSignal) => {
      if (signal?.aborted) throw signal.reason;
      sleeps.push(ms);
      await onSleep(sleeps.length, ms);
      now += ms;
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** A local clock `offsetMs` off the real time (and the sandbox's, which keeps the real one). */
export const clockOff = (offsetMs: number) => ({ now: () => Date.now() + offsetMs });
