// A one-line progress indicator for stderr (charge watch, payout wait). On a TTY it redraws its
// line in place; elsewhere (cron, CI, a pipe) it is silent or prints a line only when the status
// changes, so logs stay readable. Its timer is unref'd and cleared by stop(): it never keeps the
// process alive.
import { sanitizeForTerminal } from './sanitize.js';

export const SPINNER_FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'] as const;

/** Carriage return + erase the whole line. */
export const CLEAR_LINE = '\r\x1b[2K';

interface TimerHandle {
  unref?(): unknown;
}

export interface SpinnerOptions {
  /** Animate in place: stderr is a TTY. */
  enabled: boolean;
  /** Frame period; default 80 ms. */
  intervalMs?: number;
  /**
   * When disabled: 'line' prints the text on its own line each time its first word (the
   * status) changes; 'silent' (default) prints nothing until stop().
   */
  onChange?: 'line' | 'silent';
  /** Terminal width: the animated line is cut to fit, since a wrapped line cannot be cleared. */
  columns?: number;
  setInterval?: (callback: () => void, ms: number) => TimerHandle;
  clearInterval?: (handle: TimerHandle) => void;
}

export interface Spinner {
  /** Shows `text` (sanitised: it may carry a server status). */
  update(text: string): void;
  /**
   * Stops the animation, clears its line, and prints `finalLine` (with a newline) if given, as
   * it is: it may carry colours, so the caller sanitises any server text in it.
   */
  stop(finalLine?: string): void;
}

const firstWord = (text: string): string => text.trim().split(/\s+/, 1)[0] ?? '';

export function createSpinner(stream: { write(chunk: string): unknown }, options: SpinnerOptions): Spinner {
  const intervalMs = options.intervalMs ?? 80;
  const startTimer = options.setInterval ?? ((callback, ms) => setInterval(callback, ms));
  const stopTimer =
    options.clearInterval ?? ((handle) => clearInterval(handle as ReturnType<typeof setInterval>));
  let text = '';
  let frame = 0;
  let timer: TimerHandle | undefined;
  let drawn = false;
  let stopped = false;
  let lastWord: string | undefined;

  const fitToWidth = (line: string): string => {
    const columns = options.columns;
    if (columns === undefined || columns <= 1) return line;
    const chars = Array.from(line);
    return chars.length < columns ? line : chars.slice(0, columns - 1).join('');
  };

  const draw = (): void => {
    stream.write(`${CLEAR_LINE}${fitToWidth(`${SPINNER_FRAMES[frame % SPINNER_FRAMES.length]} ${text}`)}`);
    drawn = true;
  };

  return {
    update(next: string): void {
      if (stopped) return;
      text = sanitizeForTerminal(next);
      if (!options.enabled) {
        const word = firstWord(text);
        if (options.onChange === 'line' && word !== lastWord) stream.write(`${text}\n`);
        lastWord = word;
        return;
      }
      if (timer === undefined) {
        timer = startTimer(() => {
          frame++;
          draw();
        }, intervalMs);
        timer.unref?.();
      }
      draw();
    },
    stop(finalLine?: string): void {
      if (stopped) return;
      stopped = true;
      if (timer !== undefined) stopTimer(timer);
      timer = undefined;
      if (drawn) stream.write(CLEAR_LINE);
      if (finalLine !== undefined) stream.write(`${finalLine}\n`);
    },
  };
}
