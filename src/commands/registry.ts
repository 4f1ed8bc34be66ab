// Every command as data: each top-level word of the program and where its specs are (path,
// summary, arguments, flags, examples, lazy handler). Start-up reads this file and then the specs
// of the one word argv names (src/cli.ts), never all of them: the start-up path stays the same
// size however many commands there are. Help, shell completions and the README's command list
// are generated from the specs; each handler is imported by its spec's load() when it runs.
import type { ProgramSpecs } from './types.js';

type LoadSpecs = () => Promise<ProgramSpecs>;

const none = [] as const;
const account: LoadSpecs = async () => ({
  commands: (await import('./account/spec.js')).accountCommands,
  groups: none,
});
const auth: LoadSpecs = async () => {
  const specs = await import('./auth/spec.js');
  return { commands: specs.authCommands, groups: specs.authGroups };
};

/** Each top-level word (`charge`, `login`, …) and how to load its specs, in help order. */
export const specsByWord: Readonly<Record<string, LoadSpecs>> = {
  demo: async () => ({ commands: (await import('./demo/spec.js')).demoCommands, groups: none }),
  charge: async () => {
    const specs = await import('./charge/spec.js');
    return { commands: specs.chargeCommands, groups: specs.chargeGroups };
  },
  payout: async () => {
    const specs = await import('./payout/spec.js');
    return { commands: specs.payoutCommands, groups: specs.payoutGroups };
  },
  account,
  balance: account,
  seller: async () => {
    const specs = await import('./seller/spec.js');
    return { commands: specs.sellerCommands, groups: specs.sellerGroups };
  },
  split: async () => {
    const specs = await import('./split/spec.js');
    return { commands: specs.splitCommands, groups: specs.splitGroups };
  },
  token: async () => {
    const specs = await import('./token/spec.js');
    return { commands: specs.tokenCommands, groups: specs.tokenGroups };
  },
  webhook: async () => {
    const specs = await import('./webhook/spec.js');
    return { commands: specs.webhookCommands, groups: specs.webhookGroups };
  },
  login: auth,
  logout: auth,
  profile: auth,
  config: async () => {
    const specs = await import('./config/spec.js');
    return { commands: specs.configCommands, groups: specs.configGroups };
  },
  api: async () => ({ commands: (await import('./api/spec.js')).apiCommands, groups: none }),
  sandbox: async () => {
    const specs = await import('./sandbox/spec.js');
    return { commands: specs.sandboxCommands, groups: specs.sandboxGroups };
  },
  completion: async () => ({
    commands: (await import('./completion/spec.js')).completionCommands,
    groups: none,
  }),
};

/** Every command and group, in the order of the program's help. */
export async function loadAllSpecs(): Promise<ProgramSpecs> {
  const loaders = [...new Set(Object.values(specsByWord))];
  const loaded = await Promise.all(loaders.map((load) => load()));
  return {
    commands: loaded.flatMap((specs) => specs.commands),
    groups: loaded.flatMap((specs) => specs.groups),
  };
}
