// Every place a person reads which statuses are final names those of the table of statuses
// (src/domain/status.ts): help through placeholders filled from the table
// (src/commands/help/final-statuses.ts), the README and docs/gateway-api.md checked here against
// it. A status added to the table changes the help and fails this test until the README and
// the docs say it (docs/how-to.md, "Add a status").
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FINAL_STATUS_PLACEHOLDERS } from '../../src/commands/help/final-statuses.js';
import { loadAllSpecs } from '../../src/commands/registry.js';
import {
  CHARGE_STATUSES,
  chargeStatusesEndingIn,
  PAYOUT_STATUSES,
  payoutStatusesEndingIn,
} from '../../src/domain/status.js';
import { helpText, useLanguage } from '../../src/text/catalog.js';
import { sayStatus } from '../../src/text/en/status.js';
import { helpKey } from '../../src/text/help-keys.js';
import type { Language } from '../../src/text/language.js';
import { englishAfterEachTest, speakPortuguese } from '../helpers/language.js';
import { run } from '../helpers/run-cli.js';
import { readPortugueseReadme, readReadme } from './readme.js';

englishAfterEachTest();

const root = fileURLToPath(new URL('../..', import.meta.url));
const PORTUGUESE = { PAYGATE_LANG: 'pt-BR' };

/** Text with its line breaks and runs of spaces as one space (help and Markdown wrap lines). */
const flat = (text: string) => text.replace(/\s+/g, ' ');
const code = (statuses: readonly string[]) => statuses.map((status) => `\`${status}\``);

/** Statuses as a person reads them in `language`: `expired/failed/refunded`, `expirado/falhou/estornado`. */
async function wordsIn(
  language: Language,
  statuses: readonly (typeof CHARGE_STATUSES)[number][] | readonly (typeof PAYOUT_STATUSES)[number][],
) {
  if (language === 'pt-BR') await speakPortuguese();
  try {
    return statuses.map((status) => sayStatus(status)).join('/');
  } finally {
    useLanguage('en');
  }
}

const chargeFailures = chargeStatusesEndingIn('failure');
const payoutSuccesses = payoutStatusesEndingIn('success');
const payoutFailures = payoutStatusesEndingIn('failure');

describe('the table of final statuses', () => {
  it('has final statuses of each outcome for charges and payouts', () => {
    for (const statuses of [
      chargeStatusesEndingIn('success'),
      chargeFailures,
      payoutSuccesses,
      payoutFailures,
    ])
      expect(statuses.length).toBeGreaterThan(0);
    expect(chargeFailures).toContain('refunded');
    expect(payoutFailures).not.toContain('processing');
  });
});

describe('help that names the final statuses', () => {
  it('uses only the placeholders of final-statuses.ts, the same in English and in Portuguese', async () => {
    const { commands, groups } = await loadAllSpecs();
    const texts: [key: string, english: string][] = [
      ...groups.map((group) => [helpKey.summary(group.path), group.summary] as [string, string]),
      ...commands.flatMap((spec) => [
        [helpKey.summary(spec.path), spec.summary] as [string, string],
        ...(spec.description ? [[helpKey.description(spec.path), spec.description] as [string, string]] : []),
        ...(spec.flags ?? []).map(
          (flag) => [helpKey.flag(spec.path, flag.flags), flag.description] as [string, string],
        ),
      ]),
    ];
    const placeholdersOf = (text: string) =>
      [...text.matchAll(/\{([A-Za-z_]\w*)\}/g)].map((match) => match[1]);
    const used = texts.flatMap(([, english]) => placeholdersOf(english));
    expect(used).toContain('payoutFailure');
    expect(used.filter((name) => !(FINAL_STATUS_PLACEHOLDERS as readonly string[]).includes(name!))).toEqual(
      [],
    );
    await speakPortuguese();
    const differing = texts
      .map(([key, english]) => ({
        key,
        english: placeholdersOf(english).sort(),
        portuguese: placeholdersOf(helpText(key, english)).sort(),
      }))
      .filter(({ english, portuguese }) => english.join() !== portuguese.join());
    expect(differing).toEqual([]);
  });

  it.each(['en', 'pt-BR'] as const)(
    'fills them in %s: --wait, watch, --status and help exit-codes',
    async (language) => {
      const env = language === 'pt-BR' ? PORTUGUESE : {};
      const help = async (...argv: string[]) => flat((await run(argv, { env })).stdout);
      const payoutSuccess = await wordsIn(language, payoutSuccesses);
      const payoutFailure = await wordsIn(language, payoutFailures);
      const chargeFailure = await wordsIn(language, chargeFailures);
      const chargeSuccess = await wordsIn(language, chargeStatusesEndingIn('success'));
      const zero = language === 'en' ? 'Exit 0' : 'Saída 0';

      expect(await help('payout', 'create', '--help')).toMatch(
        new RegExp(`--wait .*${payoutSuccess} \\(0\\) (or|ou) ${payoutFailure} \\(7\\)`),
      );
      expect(await help('payout', 'create', '--help')).toContain(` 7 ${payoutFailure}, 8 `);
      expect(await help('payout', 'watch', '--help')).toContain(
        `${zero} ${payoutSuccess}, 7 ${payoutFailure}, 8 `,
      );
      expect(await help('charge', 'watch', '--help')).toContain(
        `${zero} ${chargeSuccess}, 7 ${chargeFailure}, 8 `,
      );
      expect(await help('charge', 'create', '--help')).toMatch(new RegExp(`--watch .* ${chargeSuccess} `));
      expect(await help('payout', 'list', '--help')).toContain(
        `${[...payoutSuccesses, ...payoutFailures].join(',')})`,
      );
      const exitCodes = await help('help', 'exit-codes');
      expect(exitCodes).toContain(` 7 `);
      // In Portuguese the statuses stand as a status's words, not as adjectives of "cobrança"
      // (a feminine noun): "cobrança com status expirado/…".
      expect(exitCodes).toMatch(
        language === 'en'
          ? new RegExp(`charge ${chargeFailure}, payout ${payoutFailure}\\)`)
          : new RegExp(`cobrança com status ${chargeFailure}, transferência com status ${payoutFailure}\\)`),
      );
    },
  );
});

describe('the README', () => {
  it.each([
    ['README.md', 'en', readReadme()],
    ['README.pt-BR.md', 'pt-BR', readPortugueseReadme()],
  ] as const)('%s names the final statuses of the table', async (_file, language, readme) => {
    const english = language === 'en';
    const charge = await wordsIn(language, chargeFailures);
    const payout = await wordsIn(language, payoutFailures);
    // The table of exit codes.
    expect(readme).toContain(
      english
        ? `| 7 | final status is not a success (charge ${charge}, payout ${payout}) |`
        : `| 7 | o status final não é de sucesso (cobrança com status ${charge}, transferência com status ${payout}) |`,
    );
    const text = flat(readme);
    // charge create --watch, in the quick tour.
    const chargeSuccess = await wordsIn(language, chargeStatusesEndingIn('success'));
    expect(text).toContain(
      english
        ? `until it is ${chargeSuccess} (exit 0) or ${charge} (exit 7).`
        : `até o status ${chargeSuccess} (saída 0) ou ${charge} (saída 7).`,
    );
    // The payout sweep: its exit 7 and the statuses that keep --wait waiting.
    const sweepRow = readme
      .split('\n')
      .find((line) => line.startsWith('| 7 |') && line.includes('failure_reason'));
    for (const status of code(payoutFailures)) expect(sweepRow).toContain(status);
    const finals = code([...payoutSuccesses, ...payoutFailures]);
    const listed = `${finals.slice(0, -1).join(', ')} ${english ? 'and' : 'e'} ${finals.at(-1)}`;
    expect(text).toContain(english ? `Statuses other than ${listed} ` : `Status diferentes de ${listed} `);
    // Declaring a gateway's dialect: the statuses a word may read as.
    expect(text).toContain(
      `${code(CHARGE_STATUSES).join(', ')}; ${english ? 'payouts' : 'transferências'}: ${code(PAYOUT_STATUSES).join(', ')})`,
    );
  });
});

describe('docs/gateway-api.md', () => {
  const page = readFileSync(`${root}docs/gateway-api.md`, 'utf8');

  it('says the closed list of final statuses as the table has it', () => {
    const ends = (success: readonly string[], failure: readonly string[]) =>
      `${code(success).join(', ')} (success), ${code(failure).join(', ')} (failure)`;
    expect(flat(page)).toContain(
      `charges ${ends(chargeStatusesEndingIn('success'), chargeFailures)}; payouts ${ends(payoutSuccesses, payoutFailures)}.`,
    );
  });

  it('gives every status of the table a meaning in its Statuses section', () => {
    const section = page.split('\n### Statuses\n')[1]!.split('\n### ')[0]!;
    const rows = section.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| Charge'));
    const charges = rows.map((row) => row.split('|')[1]!.trim()).filter((cell) => cell !== '');
    const payouts = rows.map((row) => row.split('|')[4]!.trim()).filter((cell) => cell !== '');
    const named = (status: string, column: string[]) =>
      column.includes(status) || section.includes(`\`${status}\``);
    expect(CHARGE_STATUSES.filter((status) => !named(status, charges))).toEqual([]);
    expect(PAYOUT_STATUSES.filter((status) => !named(status, payouts))).toEqual([]);
    expect(payouts).toContain('processing');
  });
});

describe('docs/language.md', () => {
  it('gives the Portuguese word of every status of the table', async () => {
    const page = flat(readFileSync(`${root}docs/language.md`, 'utf8'));
    const words = async (statuses: typeof CHARGE_STATUSES | typeof PAYOUT_STATUSES) =>
      code((await wordsIn('pt-BR', statuses)).split('/')).join(', ');
    expect(page).toContain(`charge ${await words(CHARGE_STATUSES)}; payout ${await words(PAYOUT_STATUSES)}.`);
  });
});
