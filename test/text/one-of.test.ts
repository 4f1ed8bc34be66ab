// A value outside a closed list is refused by one rule (`mustBeOneOf`, src/text/en/rules.ts) with
// one wording per language, wherever it is checked: a setting, a flag or an argument (by commander
// or by a handler's input made by hand), a list's --status. The refusal names the field, the value
// refused and the choices; --json keeps its type, code and field (docs/language.md).
import { describe, expect, it } from 'vitest';
import { readArguments, readFlags } from '../../src/commands/options.js';
import { PaygateError } from '../../src/errors.js';
import { englishAfterEachTest, speakPortuguese } from '../helpers/language.js';
import { run } from '../helpers/run-cli.js';

englishAfterEachTest();

const PORTUGUESE = { PAYGATE_LANG: 'pt-BR' };
const ENGLISH = { PAYGATE_LANG: 'en' };
const STATUSES = 'pending, authorized, paid, expired, failed, refunded';

describe('a value that is not one of the choices', () => {
  it.each([
    [
      ['charge', 'list', '--status', 'xyz'],
      `--status: "xyz" não é um destes: ${STATUSES}`,
      `--status: "xyz" is not one of: ${STATUSES}`,
    ],
    [
      ['config', 'set', 'lang', 'xx'],
      'lang: "xx" não é um destes: en, pt-BR',
      'lang: "xx" is not one of: en, pt-BR',
    ],
    [
      ['config', 'set', 'output', 'xml'],
      'output: "xml" não é um destes: table, json, ndjson, csv, plain',
      'output: "xml" is not one of: table, json, ndjson, csv, plain',
    ],
    [
      ['-o', 'xml', 'charge', 'list'],
      '--output: "xml" não é um destes: table, json, ndjson, csv, plain',
      '--output: "xml" is not one of: table, json, ndjson, csv, plain',
    ],
    [
      ['completion', 'tcsh'],
      'shell: "tcsh" não é um destes: bash, zsh, fish',
      'shell: "tcsh" is not one of: bash, zsh, fish',
    ],
    [
      ['api', 'FOO', '/v1/x'],
      'método: "FOO" não é um destes: GET, POST, PUT, DELETE',
      'method: "FOO" is not one of: GET, POST, PUT, DELETE',
    ],
  ])('`paygate %j` says so in one wording per language (exit 2)', async (argv, portuguese, english) => {
    expect(await run(argv, { env: PORTUGUESE })).toEqual({
      code: 2,
      stdout: '',
      stderr: `erro: ${portuguese}\n`,
    });
    expect(await run(argv, { env: ENGLISH })).toEqual({ code: 2, stdout: '', stderr: `error: ${english}\n` });
  });

  it('--json keeps its type, code and field in both languages; only the message follows the language', async () => {
    const argv = ['charge', 'list', '--status', 'xyz', '--json'];
    const portuguese = JSON.parse((await run(argv, { env: PORTUGUESE })).stderr).error;
    const english = JSON.parse((await run(argv, { env: ENGLISH })).stderr).error;
    expect({ ...portuguese, message: undefined }).toEqual({ ...english, message: undefined });
    expect(english).toEqual({
      type: 'usage_error',
      code: null,
      message: `--status: "xyz" is not one of: ${STATUSES}`,
      exit_code: 2,
      field: '--status',
    });
  });

  it('an input made by hand (a flag, an argument) is refused in the same words, in Portuguese too', async () => {
    await speakPortuguese();
    const refusal = (read: () => unknown) => {
      try {
        read();
      } catch (error) {
        return error instanceof PaygateError ? [error.message, error.details.field] : error;
      }
      return 'not refused';
    };
    const flag = { flags: '--method <method>', description: 'how', choices: ['pix', 'card'] } as const;
    expect(refusal(() => readFlags([flag], { args: [], flags: { method: 'cash' } }))).toEqual([
      '--method: "cash" não é um destes: pix, card',
      '--method',
    ]);
    const argument = {
      name: 'shell',
      description: 'which',
      required: true,
      choices: ['bash', 'zsh'],
    } as const;
    expect(refusal(() => readArguments([argument], { args: ['tcsh'], flags: {} }))).toEqual([
      'shell: "tcsh" não é um destes: bash, zsh',
      'shell',
    ]);
  });
});
