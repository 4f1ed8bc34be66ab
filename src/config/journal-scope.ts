// Which account a journal key belongs to (DESIGN.md §5, issue 12 item 1): a key is scoped to one
// seller on one gateway, so that the same `--key sweep-2026-11-22` in two crontab lines (two
// profiles, two gateways, two sellers) pays on each, once, and never prints another account's
// payout. The scope is the normalised base URL with its API prefix and the seller: the
// `seller_id` of GET /v1/account, read once per key and cached by the key's fingerprint (a hash,
// never the key) in `accounts.json`; where the account cannot be read, the fingerprint stands in
// for the seller.
//
// Layout: `payout-journal/@<scope>/<key>/…` with `payout-journal/@<scope>/scope.json` saying whose
// it is. Entries written before scoping sit at `payout-journal/<key>/` (legacyEntry below).
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import { isJsonObject } from '../json.js';
import { writeFileAtomic } from './atomic-file.js';
import { JOURNAL_DIR_NAME, JournalFileError, type JournalOptions, PayoutJournal } from './journal.js';

export interface JournalScope {
  /** The directory name under payout-journal/ (`@` + 16 hex digits). */
  id: string;
  /** The gateway: origin, base path and API prefix, e.g. `https://api.example/api/v1`. */
  gateway: string;
  /** The seller's id, or `key:<fingerprint>` when the account could not be read. */
  seller: string;
}

const ACCOUNTS_FILE = 'accounts.json';

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The account of a key on a gateway; GET /v1/account once, then from the cache. */
export async function journalScope(
  configDir: string,
  client: Client,
  secretKey: string,
  signal?: AbortSignal,
): Promise<JournalScope> {
  const gateway = client.url('').replace(/\/+$/, '');
  const fingerprint = sha256(secretKey).slice(0, 24);
  const cacheKey = sha256(`${fingerprint}\n${gateway}`).slice(0, 24);
  const cache = readAccounts(configDir);
  let seller = typeof cache[cacheKey] === 'string' ? (cache[cacheKey] as string) : undefined;
  if (seller === undefined) {
    // Only a definite answer may put the key under its fingerprint: a gateway without the
    // account endpoint (a 4xx) or an account without an id. A transient failure stops the run
    // (nothing is sent yet): the same key under another scope could pay twice. The choice is
    // cached, so the scope of a key never changes.
    try {
      seller = sellerIdOf(await client.account.getAccount({ signal })) ?? `key:${fingerprint}`;
    } catch (error) {
      const status = error instanceof ApiError ? error.status : undefined;
      if (status === undefined || status < 400 || status >= 500 || status === 401 || status === 429)
        throw error;
      seller = `key:${fingerprint}`;
    }
    cache[cacheKey] = seller;
    try {
      // A first run on a fresh machine: the config dir may not exist yet.
      mkdirSync(configDir, { recursive: true, mode: 0o700 });
      writeFileAtomic(join(configDir, ACCOUNTS_FILE), `${JSON.stringify(cache, null, 2)}\n`);
    } catch (error) {
      throw new JournalFileError(join(configDir, ACCOUNTS_FILE), String((error as Error).message), true);
    }
  }
  const id = `@${sha256(`${gateway}\n${seller}`).slice(0, 16)}`;
  const scope = { id, gateway, seller };
  const dir = join(configDir, JOURNAL_DIR_NAME, id);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileAtomic(join(dir, 'scope.json'), `${JSON.stringify({ gateway, seller }, null, 2)}\n`);
  } catch {
    // The journal itself reports a directory it cannot write.
  }
  return scope;
}

/** The journal of one account. */
export function scopedJournal(
  configDir: string,
  scope: JournalScope,
  options: JournalOptions = {},
): PayoutJournal {
  return new PayoutJournal(configDir, { ...options, scope: scope.id });
}

/** Every account's journal in a config dir (for tests and diagnostics). */
export function allScopedJournals(configDir: string, options: JournalOptions = {}): PayoutJournal[] {
  let names: string[] = [];
  try {
    names = readdirSync(join(configDir, JOURNAL_DIR_NAME)).filter((name) => name.startsWith('@'));
  } catch {}
  return names.map((scope) => new PayoutJournal(configDir, { ...options, scope }));
}

/** The entry an older, unscoped paygate wrote for `key`, if any. */
export function legacyEntry(configDir: string, key: string, options: JournalOptions = {}) {
  return new PayoutJournal(configDir, options).read(key);
}

/** `seller_id` of an account answer of any plausible shape (nested `{account: …}` too). */
function sellerIdOf(data: unknown): string | undefined {
  const candidates = isJsonObject(data) ? [data, data.account, data.seller] : [];
  for (const candidate of candidates) {
    if (!isJsonObject(candidate)) continue;
    for (const field of ['seller_id', 'sellerId', 'id']) {
      const value = candidate[field];
      if (
        (typeof value === 'string' && value !== '') ||
        (typeof value === 'number' && Number.isFinite(value))
      ) {
        return String(value);
      }
    }
  }
  return undefined;
}

function readAccounts(configDir: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(readFileSync(join(configDir, ACCOUNTS_FILE), 'utf8'));
    return isJsonObject(value) ? { ...value } : {};
  } catch {
    return {};
  }
}
