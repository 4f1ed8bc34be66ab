// `payout`'s flags and positional arguments, declared once: the spec builds its commands from
// them and each handler reads its options from them (readFlags, readArguments). They live apart from spec.ts so that a handler never imports
// the spec that loads it. `{payoutSuccess}` and the like in help name the final statuses of
// src/domain/status.ts (src/commands/help/final-statuses.ts).
import { PAYOUT_STATUSES } from '../../domain/status.js';
import { LIMIT_FLAG, LIST_MAX_PAGES_FLAG, SINCE_FLAG, UNTIL_FLAG, YES_FLAG } from '../shared/flags.js';
import type { ArgumentSpec, FlagSpec } from '../types.js';

const watchFlags = [
  { flags: '--interval <duration>', description: 'time between status checks (default 2s)' },
  { flags: '--timeout <duration>', description: 'give up after this long (default 10m)' },
] as const satisfies readonly FlagSpec[];

/** `payout create`'s flags: the handler's options are typed and read from these (readFlags). */
export const PAYOUT_CREATE_FLAGS = [
  { flags: '-a, --amount <money>', description: 'amount to pay out' },
  { flags: '--all', description: 'pay out the whole available balance' },
  { flags: '--keep <money>', description: 'with --all: leave this much in the balance' },
  { flags: '-d, --description <text>', description: 'description (max 255)' },
  {
    flags: '--key <key>',
    description: 'journal key, e.g. sweep-2026-11-22: a rerun never pays twice (see payout reconcile)',
  },
  {
    flags: '--max-amount <money>',
    description: 'refuse above this amount (default: payout.max_amount setting)',
  },
  { flags: '--wait', description: 'follow the payout until {payoutSuccess} (0) or {payoutFailure} (7)' },
  ...watchFlags,
  {
    flags: '--dry-run',
    description: 'check and show what would be paid (--json: the plan); send nothing',
  },
  YES_FLAG,
] as const satisfies readonly FlagSpec[];

export const PAYOUT_LIST_FLAGS = [
  {
    flags: '--status <status>',
    description: 'only payouts with this status (repeatable, or {payoutFinalChoices})',
    choices: PAYOUT_STATUSES,
    repeatable: true,
  },
  SINCE_FLAG,
  UNTIL_FLAG,
  LIMIT_FLAG,
  { flags: '--all', description: 'every page, streamed' },
  LIST_MAX_PAGES_FLAG,
] as const satisfies readonly FlagSpec[];

export const PAYOUT_WATCH_FLAGS = watchFlags;

export const PAYOUT_RECONCILE_FLAGS = [
  { flags: '--key <key>', description: 'journal key of the run to settle' },
  { flags: '--payout-id <id>', description: 'the payout this run made, when several match' },
  {
    flags: '--same-clock',
    description:
      "declare that the clock of the host that wrote the entry agreed with this host's within a minute",
  },
] as const satisfies readonly FlagSpec[];

export const PAYOUT_GET_ARGUMENTS = [
  { name: 'id', description: 'payout id (co_…)', required: true },
] as const satisfies readonly ArgumentSpec[];

export const PAYOUT_WATCH_ARGUMENTS = [
  { name: 'id', description: 'payout id', required: true },
] as const satisfies readonly ArgumentSpec[];
