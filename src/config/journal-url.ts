// The journal URL (PAYGATE_JOURNAL_URL, or the setting journal.url): where a shared journal of
// keyed creates is kept. Checked and shown here, without loading the database driver; shown
// always without its password.
import { hideUserinfoPasswords } from '../domain/url-userinfo.js';
import { UsageError } from '../errors.js';
import { sayJournal } from '../text/en/journal.js';

/** `postgres://user[:password]@host[:port]/database[?options]`; exit 2 naming `field` otherwise. */
export function parseJournalUrl(value: string, field: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (
    !url ||
    !['postgres:', 'postgresql:'].includes(url.protocol) ||
    (url.hostname === '' && !url.searchParams.has('host'))
  ) {
    throw new UsageError(
      sayJournal('notPostgresUrl', { field, value: JSON.stringify(describeJournalUrl(value)) }),
      { field },
    );
  }
  return value;
}

/** The URL as it may be shown: its password (and any password parameter) replaced by ***. */
export function describeJournalUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // Not a URL: shown when its only secret is a `user:password@` hidden here (`postgres//u:pw@h`),
    // else its scheme at most, never what could be a password.
    const hidden = hideUserinfoPasswords(value);
    if (/:\*\*\*@/.test(hidden) && !/pass|[\s?]/i.test(hidden)) return hidden;
    return `${/^[A-Za-z][A-Za-z0-9+.-]*:/.exec(value)?.[0] ?? ''}…`;
  }
  if (url.password !== '') url.password = '***';
  for (const name of [...url.searchParams.keys()]) {
    if (/pass/i.test(name)) url.searchParams.set(name, '***');
  }
  // A mistyped URL (`postgres:/user:pw@host`, `user:pw@host:5432/db`) parses with no password:
  // its `user:pw@` is in the path, and is hidden as such.
  return hideUserinfoPasswords(url.toString());
}

/** The journal URL in effect: PAYGATE_JOURNAL_URL, else the setting journal.url; none: the file journal. */
export function journalUrlOf(
  env: Readonly<Record<string, string | undefined>>,
  setting: (name: string) => unknown,
): string | undefined {
  const fromEnv = env.PAYGATE_JOURNAL_URL;
  if (fromEnv !== undefined && fromEnv !== '') return parseJournalUrl(fromEnv, 'PAYGATE_JOURNAL_URL');
  const stored = setting('journal.url');
  return typeof stored === 'string' && stored !== '' ? parseJournalUrl(stored, 'journal.url') : undefined;
}
