// Entries that earlier versions left for a key, so that what they made is never silently
// forgotten. Before the journal of keyed creates, payouts and charges shared one directory per
// scope, `payout-journal/@<scope>/<key>/`, and the scope was named by the base URL as spelled
// (`payout-journal/@<scope>/scope.json` says which). Every such directory whose gateway is this
// account's gateway (under any spelling) and whose seller is this account's is searched.
//
// Only entries that matter are carried over: `done` (something was made: a rerun prints it) and
// `sent`/`unknown` (something may have been made: exit 9 until reconciled). Entries of the other
// kind are left to that kind; an entry whose kind cannot be told, or two that disagree, stop
// the run loudly rather than guess. (The unscoped `payout-journal/<key>/` of the oldest versions
// is checked by payout create against the gateway: commands/payout/journal.ts.)
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ExitCode, PaygateError } from '../errors.js';
import { isJsonObject } from '../json.js';
import { sayJournal } from '../text/en/journal.js';
import { EARLIER_JOURNAL_DIR_NAME, type EarlierEntry, FileJournal } from './journal.js';
import type { JournalScope } from './journal-account.js';
import { canonicalGateway } from './journal-gateway.js';
import { type JournalKind, type JournalRecord, kindOfRecord } from './journal-records.js';
import { ConfigDirTrust } from './trusted-path.js';

const MATTERS = new Set(['done', 'sent', 'unknown']);

/** The earlier scoped directories of this account. */
function earlierDirectories(configDir: string, scope: JournalScope): string[] {
  const root = join(configDir, EARLIER_JOURNAL_DIR_NAME);
  let names: string[];
  try {
    names = readdirSync(root).filter((name) => name.startsWith('@'));
  } catch {
    return [];
  }
  // Which directory is this account's is read from its scope.json: another user's is refused.
  const trust = new ConfigDirTrust(configDir);
  const sellers = new Set([scope.seller, `key:${scope.fingerprint}`]);
  const spelled = new Set(
    [...sellers].map(
      (seller) => `@${createHash('sha256').update(`${scope.baseUrl}\n${seller}`).digest('hex').slice(0, 16)}`,
    ),
  );
  return names
    .filter((name) => {
      if (spelled.has(name)) return true;
      trust.check(join(root, name, 'scope.json'));
      try {
        const owner: unknown = JSON.parse(readFileSync(join(root, name, 'scope.json'), 'utf8'));
        if (!isJsonObject(owner) || typeof owner.gateway !== 'string' || typeof owner.seller !== 'string')
          return false;
        return canonicalGateway(owner.gateway) === scope.gateway && sellers.has(owner.seller);
      } catch {
        return false;
      }
    })
    .map((name) => join(root, name));
}

/** Finds, for a key, the entry of `kind` that an earlier layout holds (see the top). */
export function earlierEntryFinder(
  configDir: string,
  scope: JournalScope,
  kind: JournalKind,
): (key: string) => EarlierEntry | undefined {
  let directories: string[] | undefined;
  return (key) => {
    directories ??= earlierDirectories(configDir, scope);
    const found: EarlierEntry[] = [];
    for (const directory of directories) {
      const journal = new FileJournal(configDir, { directory });
      const entry = journal.readHere(key);
      if (!entry || !MATTERS.has(entry.state)) continue;
      const from = journal.keyDir(key);
      const entryKind = kindOfRecord(entry);
      if (entryKind === undefined) throw unclearKind(key, entry, from);
      if (entryKind === kind) found.push({ entry: { ...entry, kind }, from });
    }
    if (found.length <= 1) return found[0];
    const ids = new Set(found.map((one) => one.entry.made?.id ?? `${one.entry.state}:${one.from}`));
    if (ids.size === 1) return found[0];
    throw new PaygateError(
      sayJournal('earlierDisagree', {
        key,
        entries: found
          .map((one) => `${one.from}: ${one.entry.state}${one.entry.made?.id ? ` ${one.entry.made.id}` : ''}`)
          .join('; '),
      }),
      ExitCode.OutcomeUnknown,
      {
        type: 'outcome_unknown',
        code: 'earlier_journal_ambiguous',
        hint: sayJournal('earlierDisagreeHint'),
      },
    );
  };
}

function unclearKind(key: string, entry: JournalRecord, from: string): PaygateError {
  return new PaygateError(
    sayJournal('earlierKindUnclear', { key, from, state: entry.state }),
    ExitCode.OutcomeUnknown,
    {
      type: 'outcome_unknown',
      code: 'earlier_journal_kind_unknown',
      hint: sayJournal('earlierKindUnclearHint', {
        payouts: '`paygate payout list`',
        charges: '`paygate charge list`',
        from,
      }),
    },
  );
}
