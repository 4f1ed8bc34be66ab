// Commander's errors read back into their values and said in the run's language: in English
// exactly as commander wrote them, in Portuguese from the catalog's program area; a value outside
// the choices in the words of the rule every such refusal uses.
import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { commanderErrorMessage } from '../../src/output/commander-error-text.js';
import { englishLinesIn } from '../helpers/english.js';
import { englishAfterEachTest, speakPortuguese } from '../helpers/language.js';

englishAfterEachTest();

/** Each shape commander writes (commander/lib/command.js), and its Portuguese. */
const SHAPES: ReadonlyArray<readonly [code: string, english: string, portuguese: string]> = [
  ['commander.unknownOption', "unknown option '--x'", "opção desconhecida '--x'"],
  [
    'commander.unknownOption',
    "unknown option '--amont'\n(Did you mean --amount?)",
    "opção desconhecida '--amont'\n(Você quis dizer --amount?)",
  ],
  [
    'commander.unknownOption',
    "unknown option '--ke'\n(Did you mean one of --key, --key-column?)",
    "opção desconhecida '--ke'\n(Você quis dizer uma destas: --key, --key-column?)",
  ],
  ['commander.unknownCommand', "unknown command 'x'", "comando desconhecido 'x'"],
  [
    'commander.unknownCommand',
    "unknown command 'tokn'\n(Did you mean one of token, boleto?)",
    "comando desconhecido 'tokn'\n(Você quis dizer um destes: token, boleto?)",
  ],
  ['commander.missingArgument', "missing required argument 'id'", "falta o argumento obrigatório 'id'"],
  [
    'commander.optionMissingArgument',
    "option '--key <key>' argument missing",
    "falta o valor da opção '--key <chave>'",
  ],
  [
    'commander.missingMandatoryOptionValue',
    "required option '--forge' not specified",
    "a opção obrigatória '--forge' não foi informada",
  ],
  [
    'commander.excessArguments',
    'too many arguments. Expected 0 arguments but got 1.',
    'argumentos demais: esperados 0 argumentos, recebidos 1.',
  ],
  [
    'commander.excessArguments',
    "too many arguments for 'api'. Expected 2 arguments but got 3.",
    "argumentos demais para 'api': esperados 2 argumentos, recebidos 3.",
  ],
];

const errorOf = (code: string, message: string) => new CommanderError(1, code, `error: ${message}`);

describe('a commander error', () => {
  it.each(SHAPES)('%s is said in English as commander wrote it', (code, english) => {
    expect(commanderErrorMessage(errorOf(code, english))).toBe(english);
  });

  it.each(SHAPES)('%s is said in Portuguese', async (code, english, portuguese) => {
    await speakPortuguese();
    const said = commanderErrorMessage(errorOf(code, english));
    expect(said).toBe(portuguese);
    expect(englishLinesIn(said)).toEqual([]);
  });

  it.each([
    [
      "option '-o, --output <format>' argument 'xml' is invalid. Allowed choices are table, json.",
      '--output: "xml" is not one of: table, json',
      '--output: "xml" não é um destes: table, json',
    ],
    [
      "command-argument value 'tcsh' is invalid for argument 'shell'. Allowed choices are bash, zsh.",
      'shell: "tcsh" is not one of: bash, zsh',
      'shell: "tcsh" não é um destes: bash, zsh',
    ],
  ])(
    'a value outside the choices (%s) is said as every such refusal is (mustBeOneOf)',
    async (message, english, portuguese) => {
      expect(commanderErrorMessage(errorOf('commander.invalidArgument', message))).toBe(english);
      await speakPortuguese();
      expect(commanderErrorMessage(errorOf('commander.invalidArgument', message))).toBe(portuguese);
    },
  );

  it('of a shape not known here is printed as commander wrote it', async () => {
    await speakPortuguese();
    expect(commanderErrorMessage(errorOf('commander.somethingNew', 'something new went wrong'))).toBe(
      'something new went wrong',
    );
  });
});
