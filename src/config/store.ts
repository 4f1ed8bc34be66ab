import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ExitCode, PaygateError } from '../errors.js';
import { isJsonObject, MAX_JSON_DEPTH, parseJsonText } from '../json.js';
import { sayConfig } from '../text/en/config.js';
import { writeFileAtomic } from './atomic-file.js';
import { ConfigDirTrust } from './trusted-path.js';

// Checked by hand, not with zod: every command reads this file at start-up (split preview reads
// fee.pix), and importing zod costs more than the whole rest of that command (bench/CHOICES.md).

/** One profile: where the gateway is and the keys for it (unknown fields are kept). */
export interface Profile {
  base_url?: string;
  api_prefix?: string;
  secret_key?: string;
  public_key?: string;
  /** The seller the stored secret key logged in as (GET /v1/account at login), when it named one. */
  seller_id?: unknown;
  /** The settings of this profile's gateway (`gateway.…`, settings.ts's isProfileSetting). */
  settings?: Record<string, string | number>;
  [key: string]: unknown;
}

/** The config file (unknown fields are kept). */
export interface ConfigData {
  current_profile?: string;
  profiles: Record<string, Profile>;
  settings: Record<string, string | number>;
  [key: string]: unknown;
}

const PROFILE_FIELDS = ['base_url', 'api_prefix', 'secret_key', 'public_key'] as const;

/** The parsed JSON as ConfigData (profiles and settings default to {}), or undefined when it is not one. */
export function parseConfigData(json: unknown): ConfigData | undefined {
  if (!isJsonObject(json)) return undefined;
  if (json.current_profile !== undefined && typeof json.current_profile !== 'string') return undefined;
  const profiles = json.profiles === undefined ? {} : json.profiles;
  if (!isJsonObject(profiles)) return undefined;
  for (const profile of Object.values(profiles)) {
    if (!isJsonObject(profile)) return undefined;
    if (PROFILE_FIELDS.some((field) => profile[field] !== undefined && typeof profile[field] !== 'string')) {
      return undefined;
    }
    if (profile.settings !== undefined && !isSettingValues(profile.settings)) return undefined;
  }
  const settings = json.settings === undefined ? {} : json.settings;
  if (!isSettingValues(settings)) return undefined;
  return {
    ...json,
    profiles: profiles as Record<string, Profile>,
    settings: settings as ConfigData['settings'],
  };
}

/** Whether `json` is an object of setting values (text or finite numbers). */
function isSettingValues(json: unknown): json is Record<string, string | number> {
  return (
    isJsonObject(json) &&
    Object.values(json).every((value) => typeof value === 'string' || Number.isFinite(value))
  );
}

export const CONFIG_FILE_NAME = 'config.json';

/** PAYGATE_CONFIG_DIR, else $XDG_CONFIG_HOME/paygate, else ~/.config/paygate. */
export function resolveConfigDir(env: Readonly<Record<string, string | undefined>>): string {
  if (env.PAYGATE_CONFIG_DIR) return env.PAYGATE_CONFIG_DIR;
  // node:os only without HOME: loading it cost every command's start-up (bench/CHOICES.md).
  const base =
    env.XDG_CONFIG_HOME || join(env.HOME || process.getBuiltinModule('node:os').homedir(), '.config');
  return join(base, 'paygate');
}

export class ConfigFileError extends PaygateError {
  constructor(path: string, reason: string) {
    super(sayConfig('cannotReadFile', { path, reason }), ExitCode.Usage, {
      type: 'config_error',
    });
  }
}

/** The config dir cannot be written (read-only, full, permission): exit 2, nothing changed. */
export class ConfigWriteError extends PaygateError {
  constructor(path: string, error: unknown) {
    const code = (error as NodeJS.ErrnoException).code;
    super(sayConfig('cannotWriteDir', { path, reason: code ?? String(error) }), ExitCode.Usage, {
      type: 'config_error',
      hint: sayConfig('cannotWriteDirHint'),
    });
  }
}

/**
 * Profiles and settings in `<dir>/config.json`, mode 0600.
 * Reads are a plain JSON parse (start-up path: `split preview` reads fee.pix); writes go through
 * the one atomic writer (atomic-file.ts: a 0600 temp file, fsync, rename).
 */
export class ConfigStore {
  readonly dir: string;
  readonly path: string;
  #cache: ConfigData | undefined;
  // Whoever can replace the dir or config.json chooses where the keys are sent: another user's
  // dir, file or symlink is refused before it is read (trusted-path.ts).
  readonly #trust: ConfigDirTrust;

  constructor(dir: string) {
    this.dir = dir;
    this.path = join(dir, CONFIG_FILE_NAME);
    this.#trust = new ConfigDirTrust(dir);
  }

  read(): ConfigData {
    if (this.#cache) return this.#cache;
    this.#trust.check(this.path);
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') {
        this.#cache = { profiles: {}, settings: {} };
        return this.#cache;
      }
      throw new ConfigFileError(
        this.path,
        code === 'EACCES' ? sayConfig('permissionDenied') : String(code ?? error),
      );
    }
    const json = parseJsonText(text);
    if (!json.ok) {
      const reason = json.tooDeep
        ? sayConfig('nestedTooDeep', { depth: MAX_JSON_DEPTH })
        : sayConfig('notValidJson');
      throw new ConfigFileError(this.path, reason);
    }
    const parsed = parseConfigData(json.value);
    if (!parsed) throw new ConfigFileError(this.path, sayConfig('notAPaygateConfig'));
    this.#cache = parsed;
    return this.#cache;
  }

  /** Applies `change` to a copy of the data and writes it atomically with mode 0600. */
  async update(change: (data: ConfigData) => void): Promise<ConfigData> {
    const data = structuredClone(this.read());
    change(data);
    // Made here, 0700 whatever the umask (a default mkdir gives 0777 under umask 000).
    try {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    } catch (error) {
      throw new ConfigWriteError(this.dir, error);
    }
    this.#trust.checkDir();
    try {
      writeFileAtomic(this.path, `${JSON.stringify(data, null, '\t')}\n`);
    } catch (error) {
      throw new ConfigWriteError(this.dir, error);
    }
    this.#cache = data;
    return data;
  }
}
