// The sandbox a driving command (pay, clock advance, log…) talks to.
import type { Context } from '../../context.js';
import { DEFAULT_SANDBOX_URL } from '../../domain/sandbox-port.js';

/** --sandbox-url, else the gateway URL of the profile (a sandbox is one), else the default port. */
export function sandboxUrl(flag: string | undefined, context: Context): string {
  return (flag ?? context.profile().baseUrl ?? DEFAULT_SANDBOX_URL).replace(/\/+$/, '').replace(/\/api$/, '');
}
