// What every command that talks to a sandbox says when none answers: a network failure (exit 6,
// not a key problem), and the command that starts one where it was looked for.
import { NetworkError } from '../../api/errors.js';
import { sandboxPortArguments } from '../../domain/sandbox-port.js';
import { saySandboxCommand } from '../../text/en/sandbox-command.js';

/** `alternative`: another way on, added to the hint. */
export function sandboxNotRunning(url: string, alternative?: string): NetworkError {
  const start = ['paygate sandbox start', ...sandboxPortArguments(url)].join(' ');
  return new NetworkError(saySandboxCommand('notRunning', { url }), {
    code: 'sandbox_not_running',
    url,
    hint:
      alternative !== undefined
        ? saySandboxCommand('startOneOr', { command: start, alternative })
        : saySandboxCommand('startOne', { command: start }),
  });
}
