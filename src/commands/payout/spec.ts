import type { CommandSpec, GroupSpec, ProgramSpecs } from '../types.js';
import {
  PAYOUT_CREATE_FLAGS,
  PAYOUT_GET_ARGUMENTS,
  PAYOUT_LIST_FLAGS,
  PAYOUT_RECONCILE_FLAGS,
  PAYOUT_WATCH_ARGUMENTS,
  PAYOUT_WATCH_FLAGS,
} from './flags.js';

const payoutGroups: GroupSpec[] = [{ path: 'payout', summary: 'Send money out by PIX, safely from cron' }];

// `{payoutSuccess}`, `{payoutFailure}`: the final statuses, filled from src/domain/status.ts
// (src/commands/help/final-statuses.ts).
const payoutCommands: CommandSpec[] = [
  {
    path: 'payout create',
    summary: 'Pay out to the PIX key registered for this seller',
    description:
      'Checks the balance first and refuses locally (exit 3, nothing sent) when it is short, when --all leaves nothing, or when the amount is above --max-amount / the payout.max_amount setting. Asks for confirmation on a terminal; without one (cron, CI, --no-input) --yes is required: exit 2, never a prompt.\n\n' +
      'With --key, a journal in the config dir makes reruns safe: a rerun of a key that paid prints that payout (exit 0); a run of the same key in progress is waited for up to 10s, then refused (exit 3); when a run was killed or cut off after sending, reruns refuse with exit 9 until `paygate payout reconcile --key K` settles it. The key is the payout\'s mark on the gateway: the description is "payout K", or --description with " [K]" appended. A key this journal has never seen is first looked up among the gateway\'s payouts of the last 48 hours (setting journal.lookup_window) by that mark (another host, a fresh container): found, it is printed and nothing is sent (exit 0); a look-up that cannot be completed sends nothing (exit 10). Every keyed create sends Idempotency-Key and X-Idempotency-Key, the same for one account and key on every host.\n\n' +
      'Money: a bare integer is centavos (--keep 100 is R$ 1,00; write 100.00 for R$ 100,00). One given to --amount or --keep below R$ 100,00 is named in reais on stderr, and the result (and --dry-run) says on stderr, in every mode, what was paid and what was kept: "Payout co_…, pending: paid out R$ 959,10; kept R$ 100,00."\n\n' +
      'Exit codes: 0 created (with --wait: {payoutSuccess}), 2 usage, 3 refused, 4 authentication (no key, 401/403), 5 rate limited, 6 network failure or 5xx before the payout was sent, 7 {payoutFailure}, 8 still in progress at --timeout, 9 outcome unknown, 130 interrupted (Ctrl-C, SIGTERM) with no payout request in flight (during --wait: the payout was made, only the wait stopped).',
    flags: PAYOUT_CREATE_FLAGS,
    examples: [
      'paygate payout create --amount 1500.00',
      'paygate payout create --all --keep 100.00 --key sweep-$(date +%F) --yes --wait --json',
      'paygate payout create --amount 5000.00 --dry-run',
    ],
    load: async () => (await import('./create.js')).payoutCreate,
  },
  {
    path: 'payout get',
    summary: 'Show a payout',
    arguments: PAYOUT_GET_ARGUMENTS,
    examples: ['paygate payout get co_a1b2c3d4e5f6'],
    load: async () => (await import('./get.js')).payoutGet,
  },
  {
    path: 'payout list',
    summary: 'List payouts, newest first',
    flags: PAYOUT_LIST_FLAGS,
    examples: [
      'paygate payout list',
      'paygate payout list --status failed --since 30d',
      'paygate payout list --all -o csv > payouts.csv',
    ],
    load: async () => (await import('./list.js')).payoutList,
  },
  {
    path: 'payout watch',
    summary: 'Follow a payout until {payoutSuccess} or {payoutFailure}',
    description:
      'Exit 0 {payoutSuccess}, 7 {payoutFailure}, 8 still in progress at --timeout, 130 on Ctrl-C.',
    arguments: PAYOUT_WATCH_ARGUMENTS,
    flags: PAYOUT_WATCH_FLAGS,
    examples: ['paygate payout watch co_a1b2c3d4e5f6 --timeout 5m'],
    load: async () => (await import('./watch.js')).payoutWatch,
  },
  {
    path: 'payout reconcile',
    summary: 'Settle a journal entry whose outcome is unknown, by matching it to the listed payouts',
    description:
      "Matches the entry to a listed payout: same amount and description (which carries the key), created after the run by the gateway's clock (the skew the run recorded, else the local clock's, read from its Date header), not recorded by another key. One match settles it (a rerun prints that payout and pays nothing); several: exit 3 listing them (pick one with --payout-id); none, once 10 minutes have passed since the send: marked not sent, and a rerun pays. Before that: exit 9, run it again later. An entry written on another host that recorded no skew of its clock is never marked not sent: exit 9 (run it on that host, or use --payout-id or --same-clock). --json prints the journal entry.",
    flags: PAYOUT_RECONCILE_FLAGS,
    examples: [
      'paygate payout reconcile --key sweep-2026-11-22',
      'paygate payout reconcile --key sweep-2026-11-22 --payout-id co_a1b2c3d4e5f6',
    ],
    load: async () => (await import('./reconcile.js')).payoutReconcile,
  },
];

export const specs: ProgramSpecs = { commands: payoutCommands, groups: payoutGroups };
