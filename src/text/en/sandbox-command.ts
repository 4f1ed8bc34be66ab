// The words of the `sandbox` commands (src/commands/sandbox/): the start banner and the sellers'
// keys, what each driving command says it did, and a sandbox that does not answer.
import { englishTexts } from '../catalog.js';

const sandboxCommandEnglish = {
  portInUse: '--port: {port} is in use (another sandbox?); pass --port 0 for any free port',
  listening: 'Sandbox gateway listening on {url} (API under /v1 and /api/v1)\n',
  useIt:
    '\nUse it:  {login}\n    or:  export PAYGATE_BASE_URL={url}\n         export PAYGATE_SECRET_KEY={secretKey}\nKeys change on every start (keep them with --seed N or --state FILE).\nStop with Ctrl-C. Requests and notifications are shown below as they come\n(-q: not shown; `paygate sandbox log` reads them).\n',
  stopped: 'Sandbox stopped.',
  sellerType: '({type})',
  sellerTypeMain: '({type}) · main seller',
  pixEnabled: 'pix',
  pixDisabled: 'no pix',
  secretKey: '  secret key  {key}',
  publicKey: '  public key  {key}',
  chargePaid: 'Charge {id} paid.',
  chargeFailed: 'Charge {id} failed.',
  chargeExpired: 'Charge {id} expired.',
  payoutCompleted: 'Payout {id} completed.',
  payoutFailed: 'Payout {id} failed; its amount is back in the balance.',
  reset: 'Sandbox reset: sellers as seeded, no charges, payouts or notifications.',
  clockTooFar: 'duration: the sandbox clock moves at most {days}d ahead of real time',
  clockAdvanced: 'Sandbox clock advanced by {duration}: now {now}.',
  unknownTime: 'unknown',
  forgeRequired:
    '--forge is required: the sandbox sends real notifications by itself; this sends a forged one',
  chargeOrPayout: 'give one of --charge and --payout',
  forgedSent: 'Forged notification sent to {targets}.',
  nothingYet: 'Nothing yet: the sandbox has answered no request.',
  notRunning: 'no sandbox answers at {url}',
  startOne: 'start one with `{command}`',
  startOneOr: 'start one with `{command}` ({alternative})',
} as const;

export type SandboxCommandEnglish = typeof sandboxCommandEnglish;
export const saySandboxCommand = englishTexts('sandbox-command', sandboxCommandEnglish);
