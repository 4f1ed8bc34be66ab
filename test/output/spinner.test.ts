import { describe, expect, it, vi } from 'vitest';
import { CLEAR_LINE, createSpinner } from '../../src/output/spinner.js';

function fakeTimers() {
  const state = {
    callback: undefined as (() => void) | undefined,
    ms: 0,
    unrefs: 0,
    cleared: 0,
    started: 0,
  };
  return {
    state,
    setInterval(callback: () => void, ms: number) {
      state.callback = callback;
      state.ms = ms;
      state.started++;
      return { unref: () => state.unrefs++ };
    },
    clearInterval() {
      state.cleared++;
      state.callback = undefined;
    },
    tick() {
      state.callback?.();
    },
  };
}

function capture() {
  const chunks: string[] = [];
  return { chunks, write: (chunk: string) => chunks.push(chunk), text: () => chunks.join('') };
}

describe('createSpinner on a TTY', () => {
  it('redraws its line with the next frame on each tick, and clears it on stop', () => {
    const out = capture();
    const timers = fakeTimers();
    const spinner = createSpinner(out, { enabled: true, intervalMs: 100, ...timers });
    spinner.update('pending · expires in 12m');
    expect(out.chunks).toEqual([`${CLEAR_LINE}⠋ pending · expires in 12m`]);
    expect(timers.state).toMatchObject({ ms: 100, unrefs: 1, started: 1 });
    timers.tick();
    timers.tick();
    expect(out.chunks.slice(1)).toEqual([
      `${CLEAR_LINE}⠙ pending · expires in 12m`,
      `${CLEAR_LINE}⠹ pending · expires in 12m`,
    ]);
    spinner.update('pending · expires in 11m');
    expect(out.chunks.at(-1)).toBe(`${CLEAR_LINE}⠹ pending · expires in 11m`);
    expect(timers.state.started).toBe(1);
    spinner.stop('✓ paid');
    expect(timers.state.cleared).toBe(1);
    expect(out.chunks.slice(-2)).toEqual([CLEAR_LINE, '✓ paid\n']);
    // Nothing after stop, and stop is idempotent.
    spinner.update('late');
    spinner.stop('again');
    timers.tick();
    expect(out.chunks.at(-1)).toBe('✓ paid\n');
    expect(timers.state.cleared).toBe(1);
  });

  it('sanitises the text and cuts it to the terminal width', () => {
    const out = capture();
    const spinner = createSpinner(out, { enabled: true, columns: 12, ...fakeTimers() });
    spinner.update('\x1b]0;pwned\x07pending\nwith a long tail');
    expect(out.chunks[0]).toBe(`${CLEAR_LINE}⠋ pending w`);
    spinner.stop();
    expect(out.chunks.at(-1)).toBe(CLEAR_LINE);
  });

  it('uses real timers by default without keeping the process alive', async () => {
    const out = capture();
    const spinner = createSpinner(out, { enabled: true, intervalMs: 5 });
    spinner.update('working');
    // Frames keep coming on the real clock, however long a loaded machine takes to give them.
    await vi.waitFor(() => expect(out.chunks.length).toBeGreaterThan(2), { timeout: 10_000, interval: 5 });
    spinner.stop();
    const count = out.chunks.length;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(out.chunks.length).toBe(count);
  });
});

describe('createSpinner without a TTY', () => {
  it("'silent' writes nothing until the final line", () => {
    const out = capture();
    const timers = fakeTimers();
    const spinner = createSpinner(out, { enabled: false, ...timers });
    spinner.update('pending · 12m');
    spinner.update('paid');
    expect(out.chunks).toEqual([]);
    expect(timers.state.started).toBe(0);
    spinner.stop('paid after 42s');
    expect(out.text()).toBe('paid after 42s\n');
  });

  it("'line' writes a line when the first word (the status) changes", () => {
    const out = capture();
    const spinner = createSpinner(out, { enabled: false, onChange: 'line', ...fakeTimers() });
    spinner.update('pending · expires in 12m');
    spinner.update('pending · expires in 11m');
    spinner.update('processing · 3s');
    spinner.update('\x1b[31mpaid\x1b[0m');
    spinner.stop();
    expect(out.text()).toBe('pending · expires in 12m\nprocessing · 3s\npaid\n');
    expect(out.text()).not.toContain('\x1b');
  });
});
