// The journal of keyed creates of the account an environment (PAYGATE_BASE_URL,
// PAYGATE_SECRET_KEY, PAYGATE_CONFIG_DIR, PAYGATE_JOURNAL_URL) runs as: the one `payout create
// --key` uses (src/config/journal-scope.ts).
import { Client } from '../../src/api/client.js';
import type { FileJournal, JournalKind, JournalOptions, JournalStore } from '../../src/config/journal.js';
import { accountJournalStore, journalScope, scopedJournal } from '../../src/config/journal-scope.js';

/** The file journal (whatever PAYGATE_JOURNAL_URL says). */
export async function accountJournalOf(
  env: Record<string, string | undefined>,
  options: JournalOptions = {},
): Promise<FileJournal> {
  const configDir = env.PAYGATE_CONFIG_DIR!;
  const secretKey = env.PAYGATE_SECRET_KEY!;
  const client = new Client({ baseUrl: env.PAYGATE_BASE_URL!, secretKey, env: {} });
  try {
    return scopedJournal(configDir, await journalScope(configDir, client, secretKey), options);
  } finally {
    await client.close();
  }
}

/** The journal the commands use: in PostgreSQL when PAYGATE_JOURNAL_URL is set, else the file one. */
export async function journalStoreOf(
  env: Record<string, string | undefined>,
  kind: JournalKind = 'payout',
): Promise<JournalStore> {
  const configDir = env.PAYGATE_CONFIG_DIR!;
  const secretKey = env.PAYGATE_SECRET_KEY!;
  const client = new Client({ baseUrl: env.PAYGATE_BASE_URL!, secretKey, env: {} });
  try {
    return await accountJournalStore({
      configDir,
      client,
      secretKey,
      kind,
      journalUrl: env.PAYGATE_JOURNAL_URL || undefined,
    });
  } finally {
    await client.close();
  }
}
