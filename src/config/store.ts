import { chmodSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { ExitCode, PaygateError } from '../errors.js';

/** One profile: where the gateway is and the keys for it. */
export const profileSchema = z.looseObject({
  base_url: z.string().optional(),
  api_prefix: z.string().optional(),
  secret_key: z.string().optional(),
  public_key: z.string().optional(),
});
export type Profile = z.infer<typeof profileSchema>;

export const configDataSchema = z.looseObject({
  current_profile: z.string().optional(),
  profiles: z.record(z.string(), profileSchema).default({}),
  settings: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
});
export type ConfigData = z.infer<typeof configDataSchema>;

export const CONFIG_FILE_NAME = 'config.json';

/** PAYGATE_CONFIG_DIR, else $XDG_CONFIG_HOME/paygate, else ~/.config/paygate. */
export function resolveConfigDir(env: Readonly<Record<string, string | undefined>>): string {
  if (env.PAYGATE_CONFIG_DIR) return env.PAYGATE_CONFIG_DIR;
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(base, 'paygate');
}

export class ConfigFileError extends PaygateError {
  constructor(path: string, reason: string) {
    super(`cannot read the config file ${path}: ${reason}; fix it or remove it`, ExitCode.Usage, {
      type: 'config_error',
    });
  }
}

/**
 * Profiles and settings in `<dir>/config.json`, mode 0600.
 * Reads are a plain JSON parse (start-up path: `split preview` reads fee.pix); writes go through
 * conf, loaded only then, which writes atomically with the file mode we ask for.
 */
export class ConfigStore {
  readonly dir: string;
  readonly path: string;
  #cache: ConfigData | undefined;

  constructor(dir: string) {
    this.dir = dir;
    this.path = join(dir, CONFIG_FILE_NAME);
  }

  read(): ConfigData {
    if (this.#cache) return this.#cache;
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') {
        this.#cache = { profiles: {}, settings: {} };
        return this.#cache;
      }
      throw new ConfigFileError(this.path, code === 'EACCES' ? 'permission denied' : String(code ?? error));
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ConfigFileError(this.path, 'it is not valid JSON');
    }
    const parsed = configDataSchema.safeParse(json);
    if (!parsed.success) throw new ConfigFileError(this.path, 'its structure is not a paygate config');
    this.#cache = parsed.data;
    return this.#cache;
  }

  /** Applies `change` to a copy of the data and writes it atomically with mode 0600. */
  async update(change: (data: ConfigData) => void): Promise<ConfigData> {
    const data = structuredClone(this.read());
    change(data);
    const { default: Conf } = await import('conf');
    const conf = new Conf<ConfigData>({
      cwd: this.dir,
      configName: 'config',
      configFileMode: 0o600,
      accessPropertiesByDotNotation: false,
    });
    conf.store = data;
    // conf applies the mode when it creates the file; an older file made by hand keeps its own.
    if ((statSync(this.path).mode & 0o777) !== 0o600) chmodSync(this.path, 0o600);
    this.#cache = data;
    return data;
  }
}
