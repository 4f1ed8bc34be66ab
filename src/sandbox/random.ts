// Identifier and key generation. With a seed, every id and key is deterministic (mulberry32);
// without, it comes from the system CSPRNG. The PRNG state is part of the persisted state so a
// restarted seeded sandbox does not hand out the same ids again.
import { randomBytes } from 'node:crypto';

export const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export interface IdSource {
  /** `length` random characters of [A-Za-z0-9]. */
  alnum(length: number): string;
  /** A random integer in [0, max). */
  int(max: number): number;
  /** PRNG state to persist (null when unseeded). */
  getState(): number | null;
  setState(state: number | null): void;
}

export function createIdSource(seed?: number): IdSource {
  if (seed === undefined) return cryptoSource();
  let state = seed >>> 0;
  // mulberry32: one 32-bit state word, advanced and mixed on each draw.
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
  return {
    alnum(length) {
      let out = '';
      for (let index = 0; index < length; index++) out += ALNUM[Math.floor(next() * 62)];
      return out;
    },
    int(max) {
      return Math.floor(next() * max);
    },
    getState: () => state,
    setState(saved) {
      if (typeof saved === 'number') state = saved >>> 0;
    },
  };
}

function cryptoSource(): IdSource {
  let pool = randomBytes(512);
  let position = 0;
  const byte = (): number => {
    if (position >= pool.length) {
      pool = randomBytes(512);
      position = 0;
    }
    return pool[position++]!;
  };
  return {
    alnum(length) {
      let out = '';
      while (out.length < length) {
        const value = byte();
        // 248 = 4 × 62: rejection keeps the distribution uniform.
        if (value < 248) out += ALNUM[value % 62];
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
