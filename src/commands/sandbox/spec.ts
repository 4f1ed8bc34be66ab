import type { CommandSpec, GroupSpec, ProgramSpecs } from '../types.js';
import {
  SANDBOX_CHARGE_ARGUMENTS,
  SANDBOX_CLOCK_ADVANCE_ARGUMENTS,
  SANDBOX_CONTROL_FLAGS,
  SANDBOX_LOG_FLAGS,
  SANDBOX_NOTIFY_FLAGS,
  SANDBOX_PAYOUT_ARGUMENTS,
  SANDBOX_START_FLAGS,
} from './flags.js';

const sandboxGroups: GroupSpec[] = [
  { path: 'sandbox', summary: 'Run and drive the local sandbox gateway' },
  { path: 'sandbox payout', summary: 'Settle sandbox payouts' },
  { path: 'sandbox clock', summary: "Move the sandbox's clock" },
];

const sandboxCommands: CommandSpec[] = [
  {
    path: 'sandbox start',
    summary: 'Start the local gateway and print its URL and seeded keys',
    flags: SANDBOX_START_FLAGS,
    examples: [
      'paygate sandbox start',
      'paygate sandbox start --port 0 --json',
      'paygate sandbox start --auto-pay-after 10s --webhook-url http://127.0.0.1:8787',
    ],
    load: async () => (await import('./start.js')).sandboxStart,
  },
  {
    path: 'sandbox pay',
    summary: 'Mark a sandbox charge as paid',
    arguments: SANDBOX_CHARGE_ARGUMENTS,
    flags: SANDBOX_CONTROL_FLAGS,
    examples: ['paygate sandbox pay ci_a1b2c3d4e5f6'],
    load: async () => (await import('./simulate.js')).sandboxPay,
  },
  {
    path: 'sandbox fail',
    summary: 'Make a sandbox charge fail',
    arguments: SANDBOX_CHARGE_ARGUMENTS,
    flags: SANDBOX_CONTROL_FLAGS,
    examples: ['paygate sandbox fail ci_a1b2c3d4e5f6'],
    load: async () => (await import('./simulate.js')).sandboxFail,
  },
  {
    path: 'sandbox expire',
    summary: 'Expire a sandbox charge now',
    arguments: SANDBOX_CHARGE_ARGUMENTS,
    flags: SANDBOX_CONTROL_FLAGS,
    examples: ['paygate sandbox expire ci_a1b2c3d4e5f6'],
    load: async () => (await import('./simulate.js')).sandboxExpire,
  },
  {
    path: 'sandbox payout complete',
    summary: 'Complete a sandbox payout',
    arguments: SANDBOX_PAYOUT_ARGUMENTS,
    flags: SANDBOX_CONTROL_FLAGS,
    examples: ['paygate sandbox payout complete co_a1b2c3d4e5f6'],
    load: async () => (await import('./simulate.js')).sandboxPayoutComplete,
  },
  {
    path: 'sandbox payout fail',
    summary: 'Fail a sandbox payout (its amount returns to the balance)',
    arguments: SANDBOX_PAYOUT_ARGUMENTS,
    flags: SANDBOX_CONTROL_FLAGS,
    examples: ['paygate sandbox payout fail co_a1b2c3d4e5f6'],
    load: async () => (await import('./simulate.js')).sandboxPayoutFail,
  },
  {
    path: 'sandbox clock advance',
    summary: 'Move the sandbox clock forward; what falls due meanwhile happens (expiry, due dates, payouts)',
    arguments: SANDBOX_CLOCK_ADVANCE_ARGUMENTS,
    flags: SANDBOX_CONTROL_FLAGS,
    examples: ['paygate sandbox clock advance 3d', 'paygate sandbox clock advance 30m --json'],
    load: async () => (await import('./simulate.js')).sandboxClockAdvance,
  },
  {
    path: 'sandbox log',
    summary: "Show the sandbox's requests and notifications, one line each",
    description:
      'The newest 1000 are kept. --follow prints new ones as they come, until Ctrl-C; ' +
      'with --json or -o ndjson, one JSON object a line (`{seq, at, kind, line, id, status}`).',
    flags: SANDBOX_LOG_FLAGS,
    examples: ['paygate sandbox log', 'paygate sandbox log --follow', 'paygate sandbox log --json'],
    load: async () => (await import('./request-log.js')).sandboxLog,
  },
  {
    path: 'sandbox notify',
    summary: 'Send a forged notification (to show that `webhook listen --verify` catches one)',
    flags: SANDBOX_NOTIFY_FLAGS,
    examples: [
      'paygate sandbox notify --forge --charge ci_a1b2c3d4e5f6 --status paid --url http://127.0.0.1:8787',
      'paygate sandbox notify --forge --charge ci_doesnotexist --amount 999.00',
    ],
    load: async () => (await import('./simulate.js')).sandboxNotify,
  },
  {
    path: 'sandbox reset',
    summary: 'Forget every charge, payout and notification of the sandbox',
    flags: SANDBOX_CONTROL_FLAGS,
    examples: ['paygate sandbox reset'],
    load: async () => (await import('./simulate.js')).sandboxReset,
  },
];

export const specs: ProgramSpecs = { commands: sandboxCommands, groups: sandboxGroups };
