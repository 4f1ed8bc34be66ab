// Which account a journal key belongs to: a key is scoped to one seller on one gateway, so that
// the same `--key sweep-2026-11-22` in two crontab lines (two profiles, two gateways, two sellers)
// pays on each, once, and never prints another account's payout.
//
// The scope is the account as the gateway knows it, not the spelling of its URL: the seller (the
// `seller_id` of GET /v1/account, read once per key and gateway and cached by the key's
// fingerprint, a hash, never the key, in `accounts.json`; where the account cannot be read, the
// fingerprint stands in for the seller) on the gateway's canonical origin (canonicalGateway).
// Why the origin and not the whole base URL: one gateway answers under several spellings (an
// `/api` prefix or not, a trailing slash, `localhost` or `127.0.0.1`, `:443` or no port, upper-
// or lower-case host), and a key split by spelling would pay once per spelling. Two gateways
// behind one origin under different paths would still be told apart by their sellers; the same
// seller id on two such gateways is the one case this merges, and merging refuses (a rerun
// prints the payout made) where splitting would pay twice.
//
// Layout: `journal/@<scope>/<kind>/<key>/…` with `journal/@<scope>/scope.json` saying whose it
// is. Entries of earlier versions (journal-earlier.ts) are still found.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import { isJsonObject } from '../json.js';
import { writeFileAtomic } from './atomic-file.js';
import {
  EARLIER_JOURNAL_DIR_NAME,
  FileJournal,
  JOURNAL_DIR_NAME,
  JournalFileError,
  type JournalOptions,
} from './journal.js';
import type { JournalScope } from './journal-account.js';
import { earlierEntryFinder } from './journal-earlier.js';
import { canonicalGateway } from './journal-gateway.js';
import { type JournalKind, kindOfRecord } from './journal-records.js';
import type { JournalStore } from './journal-store.js';
import { ConfigDirTrust } from './trusted-path.js';

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
  /** Whether the account cache must be written (file journal); with a shared journal, a read-only config dir is fine. */
  cacheRequired = true,
): Promise<JournalScope> {
  const baseUrl = client.url('').replace(/\/+$/, '');
  const gateway = canonicalGateway(baseUrl);
  const fingerprint = sha256(secretKey).slice(0, 24);
  const cacheKey = sha256(`${fingerprint}\n${gateway}`).slice(0, 24);
  // Earlier versions cached by the URL as spelled: a seller they settled on stays this key's.
  const spelledCacheKey = sha256(`${fingerprint}\n${baseUrl}`).slice(0, 24);
  // Before the account is asked for: what another user planted at the top of the config dir (a
  // journal symlink into their directory, an account cache of theirs) is refused with nothing sent.
  const trust = new ConfigDirTrust(configDir);
  for (const name of [ACCOUNTS_FILE, JOURNAL_DIR_NAME, EARLIER_JOURNAL_DIR_NAME])
    trust.check(join(configDir, name));
  const cache = readAccounts(configDir);
  const cached = cache[cacheKey] ?? cache[spelledCacheKey];
  let seller = typeof cached === 'string' ? cached : undefined;
  if (seller === undefined || cache[cacheKey] === undefined) {
    // Only a definite answer may put the key under its fingerprint: a gateway without the
    // account endpoint (a 4xx) or an account without an id. A transient failure stops the run
    // (nothing is sent yet): the same key under another scope could pay twice. The choice is
    // cached, so the scope of a key never changes.
    if (seller === undefined) {
      try {
        seller = sellerIdOf(await client.account.getAccount({ signal })) ?? `key:${fingerprint}`;
      } catch (error) {
        const status = error instanceof ApiError ? error.status : undefined;
        if (status === undefined || status < 400 || status >= 500 || status === 401 || status === 429)
          throw error;
        seller = `key:${fingerprint}`;
      }
    }
    cache[cacheKey] = seller;
    try {
      // A first run on a fresh machine: the config dir may not exist yet.
      mkdirSync(configDir, { recursive: true, mode: 0o700 });
      writeFileAtomic(join(configDir, ACCOUNTS_FILE), `${JSON.stringify(cache, null, 2)}\n`);
    } catch (error) {
      if (cacheRequired)
        throw new JournalFileError(join(configDir, ACCOUNTS_FILE), String((error as Error).message), true);
    }
  }
  const id = `@${sha256(`${gateway}\n${seller}`).slice(0, 16)}`;
  return { id, gateway, seller, fingerprint, baseUrl };
}

/** Records whose scope a journal directory is (for people reading the config dir). */
function describeScopeDirectory(configDir: string, scope: JournalScope, kind: JournalKind): void {
  const dir = join(configDir, JOURNAL_DIR_NAME, scope.id);
  const trust = new ConfigDirTrust(configDir);
  trust.check(join(dir, kind));
  trust.check(join(dir, 'scope.json'));
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileAtomic(
      join(dir, 'scope.json'),
      `${JSON.stringify({ gateway: scope.gateway, seller: scope.seller }, null, 2)}\n`,
    );
  } catch {
    // The journal itself reports a directory it cannot write.
  }
}

/** The file journal of one account and kind (payouts by default). */
export function scopedJournal(
  configDir: string,
  scope: JournalScope,
  options: JournalOptions = {},
): FileJournal {
  const kind = options.kind ?? 'payout';
  describeScopeDirectory(configDir, scope, kind);
  return new FileJournal(configDir, {
    ...options,
    kind,
    scope: scope.id,
    earlier: earlierEntryFinder(configDir, scope, kind),
  });
}

export interface AccountJournalOptions {
  configDir: string;
  client: Client;
  secretKey: string;
  kind: JournalKind;
  /** A `postgres://` URL: the journal is kept there (journal-postgres.ts); none: in the config dir. */
  journalUrl?: string;
  signal?: AbortSignal;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** `--debug` lines. */
  debug?: (line: string) => void;
}

/** The journal of keyed creates of this account, in the store the settings choose. */
export async function accountJournalStore(options: AccountJournalOptions): Promise<JournalStore> {
  return (await openAccountJournal(options)).journal;
}

/** The account's journal store and the scope it is kept under (the idempotency digest reads it). */
export async function openAccountJournal(
  options: AccountJournalOptions,
): Promise<{ journal: JournalStore; scope: JournalScope }> {
  // A pod or CI job whose config dir is read-only (or gone after the run) can still use a shared journal.
  const scope = await journalScope(
    options.configDir,
    options.client,
    options.secretKey,
    options.signal,
    !options.journalUrl,
  );
  const common = { kind: options.kind, now: options.now, sleep: options.sleep };
  if (!options.journalUrl) return { journal: scopedJournal(options.configDir, scope, common), scope };
  const { PostgresJournal, describeJournalUrl } = await import('./journal-postgres.js');
  options.debug?.(
    `journal: ${describeJournalUrl(options.journalUrl)}, account ${scope.seller} on ${scope.gateway}`,
  );
  const local = scopedJournal(options.configDir, scope, common);
  const earlier = earlierEntryFinder(options.configDir, scope, options.kind);
  const journal = new PostgresJournal(options.journalUrl, scope, {
    ...common,
    // A host that kept its journal in files before: what it made there is still honoured.
    earlier: (key) => {
      // A config dir that is not there (a fresh pod) holds no entries; one that is, is read.
      if (!isDirectory(options.configDir)) return earlier(key);
      const here = local.readHere(key);
      if (here && ['done', 'sent', 'unknown'].includes(here.state))
        return { entry: here, from: local.keyDir(key) };
      return earlier(key);
    },
  });
  return { journal, scope };
}

/** The entry an older, unscoped paygate wrote for `key` (payouts only ever were), if any. */
export function legacyEntry(configDir: string, key: string, options: JournalOptions = {}) {
  if (!isDirectory(configDir)) return undefined;
  const entry = new FileJournal(configDir, options).readHere(key);
  return entry && kindOfRecord(entry) === 'charge' ? undefined : entry;
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

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function readAccounts(configDir: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(readFileSync(join(configDir, ACCOUNTS_FILE), 'utf8'));
    return isJsonObject(value) ? { ...value } : {};
  } catch {
    return {};
  }
}
