// Identifier and key generation. With a seed, every id and key is deterministic (mulberry32);
// without, it comes from the system CSPRNG. The PRNG state is part of the persisted state so a
// restarted seeded sandbox does not hand out the same ids again.
import { randomBytes } from 'node:crypto';

export const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export interface IdSource {
  /** `n` random characters of [A-Za-z0-9]. */
  alnum(n: number): string;
  /** A random integer in [0, max). */
  int(max: number): number;
  /** PRNG state to persist (null when unseeded). */
  getState(): number | null;
  setState(state: number | null): void;
}

export function createIdSource(seed?: number): IdSource {
  if (seed === undefined) return cryptoSource();
  let s = seed >>> 0;
  const next = (): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    alnum(n) {
      let out = '';
      for (let i = 0; i < n; i++) out += ALNUM[Math.floor(next() * 62)];
      return out;
    },
    int(max) {
      return Math.floor(next() * max);
    },
    getState: () => s,
    setState(state) {
      if (typeof state === 'number') s = state >>> 0;
    },
  };
}

function cryptoSource(): IdSource {
  let pool = randomBytes(512);
  let pos = 0;
  const byte = (): number => {
    if (pos >= pool.length) {
      pool = randomBytes(512);
      pos = 0;
    }
    return pool[pos++]!;
  };
  return {
    alnum(n) {
      let out = '';
      while (out.length < n) {
        const b = byte();
        // 248 = 4 × 62: rejection keeps the distribution uniform.
        if (b < 248) out += ALNUM[b % 62];
      }
      return out;
    },
    int(max) {
      return Math.floor(((byte() * 256 * 256 + byte() * 256 + byte()) / 16777216) * max);
    },
    getState: () => null,
    setState() {},
  };
}
