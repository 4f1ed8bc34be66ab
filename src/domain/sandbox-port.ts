// The port (and URL) `sandbox start` listens on, and the flag that starts a sandbox where a
// command looked for one. Dependency-free: the printed-command code on the start-up path (output/printed-commands.ts) uses it.
import { isLoopback } from './loopback.js';

/** The port `sandbox start` listens on without --port. */
export const SANDBOX_DEFAULT_PORT = '4010';

/** Where `sandbox start` listens without --port: `login --sandbox` and the driving commands' default. */
export const DEFAULT_SANDBOX_URL = `http://127.0.0.1:${SANDBOX_DEFAULT_PORT}`;

/** `['--port', P]` when `url` is on this machine at another port than the default; else none. */
export function sandboxPortArguments(url: string | undefined): string[] {
  const parsed = url !== undefined && URL.canParse(url) ? new URL(url) : undefined;
  if (parsed === undefined || !isLoopback(parsed.hostname)) return [];
  return parsed.port !== '' && parsed.port !== SANDBOX_DEFAULT_PORT ? ['--port', parsed.port] : [];
}
