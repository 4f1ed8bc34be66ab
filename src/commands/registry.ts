// Every command as data: each top-level word of the program and where its specs are (path,
// summary, arguments, flags, examples, lazy handler). Start-up reads this file and then the specs
// of the one word argv names (src/cli.ts), never all of them: the start-up path stays the same
// size however many commands there are. Help, shell completions and the README's command list
// are generated from the specs; each handler is imported by its spec's load() when it runs.
import type { ProgramSpecs } from './types.js';

type LoadSpecs = () => Promise<ProgramSpecs>;

/** The specs a spec file exports (each `<noun>/spec.ts` exports `specs`). */
const specsOf = async (module: Promise<{ specs: ProgramSpecs }>) => (await module).specs;
// Files that hold several top-level words: one loader each, so loadAllSpecs lists them once.
const account: LoadSpecs = () => specsOf(import('./account/spec.js'));
const auth: LoadSpecs = () => specsOf(import('./auth/spec.js'));

/** Each top-level word (`charge`, `login`, …) and how to load its specs, in help order. */
export const specsByWord: Readonly<Record<string, LoadSpecs>> = {
  demo: () => specsOf(import('./demo/spec.js')),
  charge: () => specsOf(import('./charge/spec.js')),
  payout: () => specsOf(import('./payout/spec.js')),
  account,
  balance: account,
  seller: () => specsOf(import('./seller/spec.js')),
  split: () => specsOf(import('./split/spec.js')),
  boleto: () => specsOf(import('./boleto/spec.js')),
  token: () => specsOf(import('./token/spec.js')),
  webhook: () => specsOf(import('./webhook/spec.js')),
  login: auth,
  logout: auth,
  profile: auth,
  config: () => specsOf(import('./config/spec.js')),
  api: () => specsOf(import('./api/spec.js')),
  sandbox: () => specsOf(import('./sandbox/spec.js')),
  completion: () => specsOf(import('./completion/spec.js')),
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
