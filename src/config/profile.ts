import type { ConfigData } from './store.js';

export const DEFAULT_PROFILE_NAME = 'default';

/** What a command needs to reach the gateway, after flag > environment > profile > default. */
export interface ResolvedProfile {
  name: string;
  baseUrl: string | undefined;
  apiPrefix: string | undefined;
  secretKey: string | undefined;
  publicKey: string | undefined;
  /**
   * The seller the stored key logged in as: only while both the base URL and the secret key are
   * the profile's own (another key or gateway may be another seller).
   */
  sellerId: string | undefined;
  /** Where each value came from, for `profile list` and error hints. */
  sources: { baseUrl: ValueSource; secretKey: ValueSource; publicKey: ValueSource };
}
export type ValueSource = 'flag' | 'environment' | 'profile' | 'none';

export interface ProfileOverrides {
  profile?: string;
  baseUrl?: string;
}

export function resolveProfileName(
  config: ConfigData,
  env: Readonly<Record<string, string | undefined>>,
  overrides: ProfileOverrides,
): string {
  return overrides.profile || env.PAYGATE_PROFILE || config.current_profile || DEFAULT_PROFILE_NAME;
}

export function resolveProfile(
  config: ConfigData,
  env: Readonly<Record<string, string | undefined>>,
  overrides: ProfileOverrides,
): ResolvedProfile {
  const name = resolveProfileName(config, env, overrides);
  const stored = config.profiles[name] ?? {};
  const pick = (flag: string | undefined, fromEnv: string | undefined, fromProfile: string | undefined) =>
    flag
      ? { value: flag, source: 'flag' as const }
      : fromEnv
        ? { value: fromEnv, source: 'environment' as const }
        : fromProfile
          ? { value: fromProfile, source: 'profile' as const }
          : { value: undefined, source: 'none' as const };
  const baseUrl = pick(overrides.baseUrl, env.PAYGATE_BASE_URL, stored.base_url);
  const secretKey = pick(undefined, env.PAYGATE_SECRET_KEY, stored.secret_key);
  const publicKey = pick(undefined, env.PAYGATE_PUBLIC_KEY, stored.public_key);
  return {
    name,
    baseUrl: baseUrl.value,
    // A prefix detected at login belongs to the stored base URL only.
    apiPrefix: baseUrl.source === 'profile' ? stored.api_prefix : undefined,
    secretKey: secretKey.value,
    publicKey: publicKey.value,
    sellerId:
      baseUrl.source === 'profile' && secretKey.source === 'profile' && typeof stored.seller_id === 'string'
        ? stored.seller_id
        : undefined,
    sources: { baseUrl: baseUrl.source, secretKey: secretKey.source, publicKey: publicKey.source },
  };
}

/**
 * `sk_live_…9f2c`: enough to tell keys apart, never enough to use one. A key too short to spare
 * four characters shows none of them.
 */
export function maskKey(key: string | undefined): string {
  if (!key) return '-';
  const prefix = /^[a-z]+_(?:test_|live_)?/i.exec(key)?.[0] ?? '';
  if (key.length - prefix.length < 12) return `${prefix}…`;
  return `${prefix}…${key.slice(-4)}`;
}
