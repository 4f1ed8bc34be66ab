// The payout journal of the account an environment (PAYGATE_BASE_URL, PAYGATE_SECRET_KEY,
// PAYGATE_CONFIG_DIR) runs as: the one `payout create --key` uses (src/config/journal-scope.ts).
import { Client } from '../../src/api/client.js';
import type { JournalOptions, PayoutJournal } from '../../src/config/journal.js';
import { journalScope, scopedJournal } from '../../src/config/journal-scope.js';

export async function accountJournalOf(
  env: Record<string, string | undefined>,
  options: JournalOptions = {},
): Promise<PayoutJournal> {
  const configDir = env.PAYGATE_CONFIG_DIR!;
  const secretKey = env.PAYGATE_SECRET_KEY!;
  const client = new Client({ baseUrl: env.PAYGATE_BASE_URL!, secretKey, env: {} });
  try {
    return scopedJournal(configDir, await journalScope(configDir, client, secretKey), options);
  } finally {
    await client.close();
  }
}
