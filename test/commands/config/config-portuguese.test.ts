// `config` in Portuguese (PAYGATE_LANG=pt-BR): the table a person reads (headers, where a value
// comes from, each setting's description) and the confirmations follow the language; --json and
// -o csv are the same bytes in both languages.
import { describe, expect, it } from 'vitest';
import { englishLinesIn } from '../../helpers/english.js';
import { run, tempConfigDir } from '../../helpers/run-cli.js';

const PORTUGUESE = { PAYGATE_LANG: 'pt-BR' };

describe('config in Portuguese', () => {
  it('config list: headers, sources and descriptions in Portuguese, no English left', async () => {
    const dir = tempConfigDir();
    expect((await run(['config', 'set', 'fee.pix', '2.99'], { env: { PAYGATE_CONFIG_DIR: dir } })).code).toBe(
      0,
    );
    const result = await run(['config', 'list'], {
      env: { PAYGATE_CONFIG_DIR: dir, ...PORTUGUESE },
      terminalSize: { rows: 50, columns: 400 },
    });
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(/^CONFIGURAÇÃO\s+VALOR\s+ORIGEM\s+DESCRIÇÃO$/);
    expect(lines.find((line) => line.startsWith('fee.pix '))).toMatch(
      /^fee\.pix\s+2\.99\s+arquivo\s+taxa do Pix em percentual usada nas prévias \(padrão 3,99/,
    );
    expect(lines.find((line) => line.startsWith('fee.card '))).toMatch(
      /^fee\.card\s+4\.99\s+padrão\s+taxa do cartão/,
    );
    expect(lines.find((line) => line.startsWith('gateway.money_unit '))).toMatch(
      /^gateway\.money_unit\s+sem valor, perfil default\s+o gateway deste perfil/,
    );
    // Examples introduced as everywhere else in Portuguese, "ex.:".
    expect(lines.find((line) => line.startsWith('watch.interval '))).toMatch(/\(ex\.: 2s\)$/);
    expect(result.stdout).not.toMatch(/\bex\. /);
    // `default` is the profile's name, as typed.
    expect(englishLinesIn(result.stdout + result.stderr, ['perfil default'])).toEqual([]);
  });

  it('config list --json and -o csv are the same bytes in English and in Portuguese', async () => {
    const dir = tempConfigDir();
    await run(['config', 'set', 'gateway.money_unit', 'reais'], { env: { PAYGATE_CONFIG_DIR: dir } });
    for (const format of [['--json'], ['-o', 'csv'], ['-o', 'plain']]) {
      const english = await run(['config', 'list', ...format], { env: { PAYGATE_CONFIG_DIR: dir } });
      const portuguese = await run(['config', 'list', ...format], {
        env: { PAYGATE_CONFIG_DIR: dir, ...PORTUGUESE },
      });
      expect(english.code).toBe(0);
      expect(portuguese.stdout).toBe(english.stdout);
    }
    const csv = await run(['config', 'list', '-o', 'csv'], {
      env: { PAYGATE_CONFIG_DIR: dir, ...PORTUGUESE },
    });
    expect(csv.stdout.split('\r\n')[0]).toBe('SETTING,VALUE,SOURCE,DESCRIPTION');
  });

  it('config set and unset confirm in Portuguese, naming the profile of a gateway setting', async () => {
    const env = { PAYGATE_CONFIG_DIR: tempConfigDir(), ...PORTUGUESE };
    const set = await run(['config', 'set', 'payout.max_amount', '5000.00'], { env });
    expect(set).toMatchObject({
      code: 0,
      stdout: '',
      stderr: 'payout.max_amount = R$ 5.000,00 (500000 centavos)\n',
    });
    const unset = await run(['config', 'unset', 'gateway.money_unit'], { env });
    expect(unset.stderr).toBe('gateway.money_unit voltou ao padrão (perfil "default")\n');
  });
});
