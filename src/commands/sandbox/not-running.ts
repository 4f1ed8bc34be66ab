// What every command that talks to a sandbox says when none answers: a network failure (exit 6,
// not a key problem), and the command that starts one where it was looked for.
import { NetworkError } from '../../api/errors.js';
import { isLoopback } from '../../api/url.js';
import { SANDBOX_DEFAULT_PORT } from './flags.js';

/** `alternative`: another way on, added to the hint. */
export function sandboxNotRunning(url: string, alternative?: string): NetworkError {
  const base = URL.canParse(url) ? new URL(url) : undefined;
  const port = base?.port ?? '';
  const start =
    base !== undefined && isLoopback(base.hostname) && port !== '' && port !== SANDBOX_DEFAULT_PORT
      ? `paygate sandbox start --port ${port}`
      : 'paygate sandbox start';
  return new NetworkError(`no sandbox answers at ${url}`, {
    code: 'sandbox_not_running',
    url,
    hint: `start one with \`${start}\`${alternative !== undefined ? ` (${alternative})` : ''}`,
  });
}
