// The shared helpers' words in Portuguese (src/commands/shared/*): a list's notes, money notes,
// the amount in words of a confirmation, the warning on an amount the gateway echoes otherwise.
import { beforeEach, describe, expect, it } from 'vitest';
import { warnIfAmountDiffers } from '../../../src/commands/shared/amount-echo.js';
import { ListExtent, undatedNotice, unorderedNotice } from '../../../src/commands/shared/list-filter.js';
import { moneyWithWords } from '../../../src/commands/shared/money-in-words.js';
import { readTimePoint } from '../../../src/commands/shared/time-window.js';
import { payoutCentavosNote, smallCentavosNote } from '../../../src/domain/money.js';
import { englishLinesIn } from '../../helpers/english.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { englishAfterEachTest, speakPortuguese } from '../../helpers/language.js';

englishAfterEachTest();

/** A list read to `shown` rows of a gateway that has more (and says how many in all). */
async function noticeAfter(what: string, shown: number, total: number | undefined, filtered: boolean) {
  const extent = new ListExtent();
  extent.onPage({ hasMore: true, ...(total !== undefined ? { total } : {}) });
  async function* rows() {
    for (let row = 0; row < shown; row++) yield row;
  }
  for await (const _ of extent.counted(rows()));
  return extent.notice(what, shown, filtered);
}

describe('shared texts in English (unchanged)', () => {
  it('the list note and the amount in words', async () => {
    expect(await noticeAfter('payouts', 20, 45, false)).toBe(
      'Showing the newest 20 payouts of 45: --limit N shows more, --all every one.',
    );
    expect(moneyWithWords(95910)).toBe('R$ 959,10 (nine hundred fifty-nine reais and ten centavos)');
  });
});

describe('shared texts in Portuguese', () => {
  beforeEach(speakPortuguese);

  it('what --limit left out of a list', async () => {
    expect(await noticeAfter('payouts', 20, 45, false)).toBe(
      'Mostrando as 20 transferências mais recentes de 45: --limit N mostra mais, --all todas.',
    );
    expect(await noticeAfter('charges', 5, undefined, true)).toBe(
      'Mostrando as 5 cobranças mais recentes que correspondem; pode haver mais: --limit N mostra mais, --all todas.',
    );
  });

  it('notes on a list counted in the one and the many', () => {
    expect(undatedNotice('charges', 1)).toBe(
      '1 das cobranças não tem data de criação legível pelo paygate: mantida, sem filtro de --since/--until',
    );
    expect(undatedNotice('payouts', 3)).toBe(
      '3 das transferências não têm data de criação legível pelo paygate: mantidas, sem filtro de --since/--until',
    );
    expect(
      englishLinesIn([unorderedNotice('payouts', true), unorderedNotice('charges', false)].join('\n')),
    ).toEqual([]);
  });

  it('--since/--until read 26/11/2026 as 2026-11-26; a wrong one is said in Portuguese', () => {
    expect(readTimePoint('26/11/2026', '--since')).toEqual(readTimePoint('2026-11-26', '--since'));
    expect(readTimePoint('26/11/2026', '--until', { endOfDay: true })).toEqual(
      readTimePoint('2026-11-26', '--until', { endOfDay: true }),
    );
    expect(() => readTimePoint('ontem', '--since')).toThrow(
      '--since: "ontem" não é um momento: use uma data (26/11/2026 ou 2026-11-26), data e hora (2026-11-01T14:30, 2026-11-01T14:30:00Z) ou um tempo atrás (90m, 12h, 7d)',
    );
  });

  it('a bare integer typed for money is said back in centavos', () => {
    expect(payoutCentavosNote('15', '--amount')).toBe(
      '--amount 15 são 15 centavos (R$ 0,15); escreva 15.00 para R$ 15,00',
    );
    expect(smallCentavosNote('1', '--max-amount')).toBe('--max-amount 1 é 1 centavo, R$ 0,01');
    expect(payoutCentavosNote('15.00', '--amount')).toBeUndefined();
  });

  it('the amount of a confirmation in figures and in words', () => {
    expect(moneyWithWords(95910)).toBe('R$ 959,10 (novecentos e cinquenta e nove reais e dez centavos)');
    expect(moneyWithWords(100)).toBe('R$ 1,00 (um real)');
  });

  it('an amount the gateway echoes otherwise is a warning in Portuguese', () => {
    const { context, io } = fakeContext({ env: { NO_COLOR: '1' } });
    expect(warnIfAmountDiffers(context, 'payout', 10000, { amount: '150.00' })).toBe(true);
    expect(io.stderr.text).toBe(
      'ATENÇÃO: o valor da transferência difere do que o paygate enviou: valor enviado 10000 (centavos, R$ 100,00); ' +
        'a resposta do gateway diz amount 150.00.\nConfira a transferência com o gateway antes de contar com ela.\n',
    );
  });
});
