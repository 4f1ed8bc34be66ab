// Every command as data, in help order (start-up loads one word's specs: see branches.ts). Each
// handler is imported by its spec's load() only when that command runs.
import { accountCommands } from './account/spec.js';
import { apiCommands } from './api/spec.js';
import { authCommands, authGroups } from './auth/spec.js';
import { chargeCommands, chargeGroups } from './charge/spec.js';
import { completionCommands } from './completion/spec.js';
import { configCommands, configGroups } from './config/spec.js';
import { demoCommands } from './demo/spec.js';
import { payoutCommands, payoutGroups } from './payout/spec.js';
import { sandboxCommands, sandboxGroups } from './sandbox/spec.js';
import { sellerCommands, sellerGroups } from './seller/spec.js';
import { splitCommands, splitGroups } from './split/spec.js';
import { tokenCommands, tokenGroups } from './token/spec.js';
import type { CommandSpec, GroupSpec, ProgramSpecs } from './types.js';
import { webhookCommands, webhookGroups } from './webhook/spec.js';

export const commandSpecs: CommandSpec[] = [
  ...demoCommands,
  ...chargeCommands,
  ...payoutCommands,
  ...accountCommands,
  ...sellerCommands,
  ...splitCommands,
  ...tokenCommands,
  ...webhookCommands,
  ...authCommands,
  ...configCommands,
  ...apiCommands,
  ...sandboxCommands,
  ...completionCommands,
];

export const groupSpecs: GroupSpec[] = [
  ...chargeGroups,
  ...payoutGroups,
  ...sellerGroups,
  ...splitGroups,
  ...tokenGroups,
  ...webhookGroups,
  ...authGroups,
  ...configGroups,
  ...sandboxGroups,
];

export const allSpecs: ProgramSpecs = { commands: commandSpecs, groups: groupSpecs };
