// A group's help (`paygate charge --help`) lists commander's own `help [command]`: in Portuguese its
// description is Portuguese too, and in English it reads as commander wrote it.
import { describe, expect, it } from 'vitest';
import { run } from '../helpers/run-cli.js';

describe("a group's help command", () => {
  it.each(['charge', 'split', 'webhook', 'seller'])(
    'paygate %s --help says it in the run language',
    async (group) => {
      const portuguese = await run([group, '--help'], { env: { PAYGATE_LANG: 'pt-BR' } });
      expect(portuguese.code).toBe(0);
      expect(portuguese.stdout).toMatch(/^ {2}help \[comando\] +mostra a ajuda de um comando$/m);
      expect(portuguese.stdout).not.toContain('display help');
      const english = await run([group, '--help'], { env: { PAYGATE_LANG: 'en' } });
      expect(english.stdout).toMatch(/^ {2}help \[command\] +display help for command$/m);
    },
  );

  it("a group's summary is said as the others are (Cria, Mostra, Envia: the third person)", async () => {
    const result = await run(['--help'], { env: { PAYGATE_LANG: 'pt-BR' } });
    expect(result.stdout).toMatch(/^ {2}payout +Envia dinheiro por Pix, com segurança,$/m);
  });

  it('still shows the help of the command it names', async () => {
    const result = await run(['split', 'help', 'preview'], { env: { PAYGATE_LANG: 'pt-BR' } });
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe('Uso: paygate split preview [opções]');
  });
});
