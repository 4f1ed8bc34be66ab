// The help in Portuguese kept complete and in step with the specs (docs/language.md): every help
// key of every command, group, argument, flag, global option, setting and help topic has its
// Portuguese, no Portuguese key is left over from something that no longer exists, and every
// help page read in Portuguese has no English left (commander's own words included).
import { beforeAll, describe, expect, it } from 'vitest';
import { helpTopics } from '../../src/commands/help/topics.js';
import { loadAllSpecs } from '../../src/commands/registry.js';
import { SETTING_DEFINITIONS } from '../../src/config/settings.js';
import { GLOBAL_OPTIONS } from '../../src/global-options.js';
import { helpText, portugueseHelpKeys } from '../../src/text/catalog.js';
import { helpKey, longFlagOf } from '../../src/text/help-keys.js';
import { englishLinesIn } from '../helpers/english.js';
import { englishAfterEachTest, speakPortuguese } from '../helpers/language.js';
import { run } from '../helpers/run-cli.js';

const { commands, groups } = await loadAllSpecs();

beforeAll(async () => {
  await import('../../src/text/pt-BR/index.js');
});
englishAfterEachTest();

interface FlagUse {
  /** `charge create --amount`, or `--profile` for a global option. */
  key: string;
  long: string;
  english: string;
}

/** Every flag of every command, and every global option (a global option's key is its long name). */
const flagUses: FlagUse[] = [
  ...commands.flatMap((spec) =>
    (spec.flags ?? []).map((flag) => ({
      key: helpKey.flag(spec.path, flag.flags),
      long: longFlagOf(flag.flags),
      english: flag.description,
    })),
  ),
  ...GLOBAL_OPTIONS.map((option) => ({
    key: helpKey.anyFlag(option.flags),
    long: longFlagOf(option.flags),
    english: option.description,
  })),
];

/** Every help key but the flags', with its English. */
const textKeys: ReadonlyMap<string, string> = new Map([
  [helpKey.summary('paygate'), 'the program'],
  [helpKey.summary('help'), 'help'],
  [helpKey.argument('help', 'words'), 'help [words...]'],
  ...groups.map((group) => [helpKey.summary(group.path), group.summary] as const),
  ...commands.flatMap((spec) => [
    [helpKey.summary(spec.path), spec.summary] as const,
    ...(spec.description ? [[helpKey.description(spec.path), spec.description] as const] : []),
    ...(spec.arguments ?? [])
      .filter((argument) => !argument.hidden)
      .map((argument) => [helpKey.argument(spec.path, argument.name), argument.description] as const),
  ]),
  ...Object.entries(SETTING_DEFINITIONS).map(
    ([name, definition]) => [helpKey.setting(name), definition.description] as const,
  ),
  ...Object.keys(helpTopics).map((name) => [helpKey.topic(name), name] as const),
]);

/** The words flags and arguments take (`<money>`, `[name]`), and the help command's `[words...]`. */
const takenWords = new Set([
  'words',
  ...[
    ...commands.flatMap((spec) => (spec.flags ?? []).map((flag) => flag.flags)),
    ...GLOBAL_OPTIONS.map((option) => option.flags),
  ].flatMap((flags) => [...flags.matchAll(/[<[]([^<>[\]\s]+?)(?:\.\.\.)?[>\]]/g)].map((match) => match[1]!)),
  ...commands.flatMap((spec) =>
    (spec.arguments ?? []).filter((argument) => !argument.hidden).map((argument) => argument.name),
  ),
]);
/** Taken words that read the same in Portuguese. */
const SAME_IN_PORTUGUESE = new Set(['cpf|cnpj', 'emv', 'id', 'json', 'n', 'shell', 'token', 'txid', 'url']);

describe('the Portuguese help catalog', () => {
  it('says every word a flag or an argument takes in Portuguese, but those that read the same', () => {
    const portuguese = new Set(portugueseHelpKeys());
    const missing = [...takenWords].filter(
      (word) => !SAME_IN_PORTUGUESE.has(word) && !portuguese.has(helpKey.placeholder(word)),
    );
    expect(missing).toEqual([]);
  });

  it('has a text for every summary, description, argument, setting and help topic', () => {
    const portuguese = new Set(portugueseHelpKeys());
    const missing = [...textKeys.keys()].filter((key) => !portuguese.has(key));
    expect(missing).toEqual([]);
  });

  it('has a text for every flag and global option: its own, or the one every command with it shares', () => {
    const portuguese = new Set(portugueseHelpKeys());
    const missing = flagUses
      .filter((use) => !portuguese.has(use.key) && !portuguese.has(use.long))
      .map((use) => use.key);
    expect(missing).toEqual([]);
  });

  it('has no key of a command, flag, argument, setting or topic that does not exist', () => {
    const known = new Set([
      ...textKeys.keys(),
      ...flagUses.map((use) => use.key),
      ...flagUses.map((use) => use.long),
      ...[...takenWords].map((word) => helpKey.placeholder(word)),
    ]);
    expect(portugueseHelpKeys().filter((key) => !known.has(key))).toEqual([]);
  });

  it('uses a flag key alone (`--yes`) only where every command that takes it from there reads the same', () => {
    const portuguese = new Set(portugueseHelpKeys());
    const shared = new Set(portugueseHelpKeys().filter((key) => key.startsWith('--')));
    for (const long of shared) {
      const englishOfUses = new Set(
        flagUses
          .filter((use) => use.long === long && (use.key === long || !portuguese.has(use.key)))
          .map((use) => use.english),
      );
      expect({ long, english: [...englishOfUses] }).toEqual({
        long,
        english: [...englishOfUses].slice(0, 1),
      });
    }
  });

  it('is written in Portuguese: no English left in any text', async () => {
    await speakPortuguese();
    expect(helpText('--yes', 'do not ask for confirmation')).toBe('não pede confirmação');
    const english = portugueseHelpKeys().flatMap((key) =>
      englishLinesIn(helpText(key, '')).map((line) => `${key}: ${line}`),
    );
    expect(english).toEqual([]);
  });
});

const PORTUGUESE = { PAYGATE_LANG: 'pt-BR' };

/** Every help page: the program's, each group's, each command's. */
const pages = ['', ...groups.map((group) => group.path), ...commands.map((spec) => spec.path)];

/**
 * A page with the terms of its list of commands taken out (`  create [options]  Cria…`): command
 * names stay as typed in every language (docs/language.md); their summaries are checked.
 */
function commandNamesOut(help: string): string {
  let inCommands = false;
  return help
    .split('\n')
    .map((line) => {
      if (/^\S/.test(line)) inCommands = line === 'Comandos:';
      return inCommands ? line.replace(/^ {2}\S+( \S+)*/, '  ') : line;
    })
    .join('\n');
}

/** The lines of an Examples: section: commands as typed, the same in every language. */
const EXAMPLE_LINE = /^ {2}\$ paygate |^ {6}\S/;

describe.each(pages.map((page) => [page || '(program)', page]))(
  'paygate %s --help in Portuguese',
  (_name, page) => {
    it('has no English left but the examples, and no line past 80 columns', async () => {
      const result = await run([...(page ? page.split(' ') : []), '--help'], { env: PORTUGUESE });
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('');
      for (const line of result.stdout.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(80);
      const lines = commandNamesOut(result.stdout)
        .split('\n')
        .filter((line) => !EXAMPLE_LINE.test(line));
      expect(englishLinesIn(lines.join('\n'))).toEqual([]);
    });
  },
);

describe('commander in Portuguese', () => {
  it('says its headings, the help option and the notes on choices and defaults', async () => {
    const { stdout } = await run(['charge', 'create', '--help'], { env: PORTUGUESE });
    expect(
      stdout.startsWith(
        'Uso: paygate charge create [opções]\n\nCria uma cobrança: Pix (padrão), cartão ou boleto\n',
      ),
    ).toBe(true);
    expect(stdout).toContain('\nOpções:\n  -a, --amount <valor>              valor a cobrar\n');
    expect(stdout).toContain(
      '\n  -h, --help                        mostra a ajuda do comando\n\nOpções globais:\n  -v, --version                     mostra a versão\n',
    );
    expect(stdout).toContain(
      '\nExemplos:\n  $ paygate charge create --amount 25.00 --description "Pedido 123"\n',
    );
    // The notes as read, wherever the description's wrapping breaks their line.
    const prose = stdout.replace(/\s+/g, ' ');
    expect(prose).toContain('(valores: "pix",');
    expect(prose).toContain('linha (padrão: "key")');
    expect(prose).toContain('(padrão: "30s")');
    expect(stdout).toContain('\nTópicos de ajuda: paygate help exit-codes, paygate help environment\n');
    for (const english of [
      'Usage:',
      'Options:',
      'Global Options:',
      'Examples:',
      'display help',
      '(default:',
      '(choices:',
    ])
      expect(stdout).not.toContain(english);
  });

  it('lists arguments and commands under their Portuguese headings', async () => {
    expect((await run(['completion', '--help'], { env: PORTUGUESE })).stdout).toContain(
      '\nArgumentos:\n  shell                        shell (valores: "bash", "zsh", "fish")\n',
    );
    expect((await run(['--help'], { env: PORTUGUESE })).stdout).toContain(
      '\nComandos:\n  demo [opções]                    A história completa',
    );
  });

  it('lists an argument by the word its usage line shows in Portuguese, by its name in English', async () => {
    const portuguese = (await run(['seller', 'find', '--help'], { env: PORTUGUESE })).stdout;
    expect(portuguese).toContain('Uso: paygate seller find [opções] <e-mail>\n');
    expect(portuguese).toContain('\nArgumentos:\n  e-mail                       e-mail do vendedor\n');
    expect((await run(['help', '--help'], { env: PORTUGUESE })).stdout).toContain(
      '\nArgumentos:\n  palavras                     um comando',
    );
    expect((await run(['seller', 'find', '--help'])).stdout).toContain(
      '\nArguments:\n  email                         seller e-mail\n',
    );
  });

  it('refuses an unknown flag in Portuguese, with its suggestion, exit 2 as in English', async () => {
    const portuguese = await run(['charge', 'create', '--amont', '5'], { env: PORTUGUESE });
    const english = await run(['charge', 'create', '--amont', '5']);
    expect(portuguese).toEqual({
      code: 2,
      stdout: '',
      stderr: "erro: opção desconhecida '--amont'\n(Você quis dizer --amount?)\n",
    });
    expect(english).toEqual({
      code: 2,
      stdout: '',
      stderr: "error: unknown option '--amont'\n(Did you mean --amount?)\n",
    });
  });

  it.each([
    [['chrge'], "erro: comando desconhecido 'chrge'\n(Você quis dizer charge?)\n"],
    [['charge', 'get'], "erro: falta o argumento obrigatório 'id'\n"],
    [['seller', 'find'], "erro: falta o argumento obrigatório 'e-mail'\n"],
    [['config', 'set', 'lang'], "erro: falta o argumento obrigatório 'valor'\n"],
    [['api', 'FOO', '/v1/x'], 'erro: método: "FOO" não é um destes: GET, POST, PUT, DELETE\n'],
    [
      ['sandbox', 'clock', 'advance', '3x'],
      'erro: duração: "3x" não é uma duração: use um número inteiro com unidade (500ms, 90s, 30m, 2h, 1d) ou segundos (90)\n',
    ],
    [['charge', 'get', 'a', 'b'], "erro: argumentos demais para 'get': esperado 1 argumento, recebidos 2.\n"],
    [['charge', 'create', '--amount'], "erro: falta o valor da opção '-a, --amount <valor>'\n"],
    [['completion', 'tcsh'], 'erro: shell: "tcsh" não é um destes: bash, zsh, fish\n'],
    [
      ['-o', 'xml', 'charge', 'list'],
      'erro: --output: "xml" não é um destes: table, json, ndjson, csv, plain\n',
    ],
    [
      ['charge', 'create', '--from-csv', 'a.csv', '--key', 'k'],
      "erro: a opção '--from-csv <arquivo>' não pode ser usada com a opção '--key <chave>'\n",
    ],
  ])('says `paygate %j` is wrong in Portuguese (exit 2)', async (argv, stderr) => {
    const result = await run(argv, { env: PORTUGUESE });
    expect(result).toEqual({ code: 2, stdout: '', stderr });
  });

  it('keeps the type, code and exit code of a --json error; only the message follows the language', async () => {
    const portuguese = JSON.parse((await run(['--json', 'charge', 'get'], { env: PORTUGUESE })).stderr);
    const english = JSON.parse((await run(['--json', 'charge', 'get'])).stderr);
    expect(portuguese).toEqual({
      error: { ...english.error, message: "falta o argumento obrigatório 'id'" },
    });
    expect(english.error.message).toBe("missing required argument 'id'");
  });

  it.each([
    [['seller', 'find'], "missing required argument 'email'", "falta o argumento obrigatório 'e-mail'"],
    [
      ['sandbox', 'clock', 'advance', '3x'],
      'duration: "3x" is not a duration: use a whole number with a unit (500ms, 90s, 30m, 2h, 1d) or seconds (90)',
      'duração: "3x" não é uma duração: use um número inteiro com unidade (500ms, 90s, 30m, 2h, 1d) ou segundos (90)',
    ],
  ])(
    'names the argument of `paygate %j` in the message only; the --json field stays',
    async (argv, english, portuguese) => {
      const inPortuguese = JSON.parse((await run(['--json', ...argv], { env: PORTUGUESE })).stderr);
      const inEnglish = JSON.parse((await run(['--json', ...argv])).stderr);
      expect(inEnglish.error.message).toBe(english);
      expect(inPortuguese).toEqual({ error: { ...inEnglish.error, message: portuguese } });
    },
  );
});

describe('help topics in Portuguese', () => {
  it.each(Object.keys(helpTopics))(
    'help %s has no English left and every line fits 80 columns',
    async (topic) => {
      const result = await run(['help', topic], { env: PORTUGUESE });
      expect(result.code).toBe(0);
      expect(englishLinesIn(result.stdout)).toEqual([]);
      for (const line of result.stdout.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(80);
    },
  );

  it('help exit-codes lists the same codes in both languages', async () => {
    const codesOf = (text: string) => [...text.matchAll(/^ {2}(\d+) /gm)].map((match) => match[1]);
    const portuguese = await run(['help', 'exit-codes'], { env: PORTUGUESE });
    const english = await run(['help', 'exit-codes']);
    expect(portuguese.stdout.split('\n')[0]).toBe('Códigos de saída');
    expect(codesOf(portuguese.stdout)).toEqual(codesOf(english.stdout));
    expect(codesOf(english.stdout).length).toBeGreaterThan(10);
  });

  it('help environment names PAYGATE_LANG in both languages', async () => {
    expect((await run(['help', 'environment'])).stdout).toContain('PAYGATE_LANG');
    expect((await run(['help', 'environment'], { env: PORTUGUESE })).stdout).toMatch(
      /^ {2}PAYGATE_LANG +idioma das mensagens e da ajuda: pt-BR ou en$/m,
    );
  });

  it('help of something unknown is refused in Portuguese (exit 2)', async () => {
    expect(await run(['help', 'nope'], { env: PORTUGUESE })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'erro: não há ajuda para "nope": veja `paygate help` para comandos e tópicos\n',
    });
  });
});

describe('completion scripts in Portuguese', () => {
  it('zsh and fish describe commands and flags in the run language; bash, which shows none, is the same', async () => {
    const script = async (shell: string, env?: Record<string, string>) =>
      (await run(['completion', shell], env ? { env } : {})).stdout;
    const fish = await script('fish', PORTUGUESE);
    expect(fish).toContain("-l amount -x -d 'valor a cobrar'");
    expect(fish).toContain("-a 'exit-codes' -d 'O que significa cada código de saída'");
    expect(fish).not.toContain('display help for command');
    const zsh = await script('zsh', PORTUGUESE);
    expect(zsh).toContain("'charge:Cria, acompanha e consulta cobranças'");
    expect(zsh).toContain('[mostra a ajuda do comando]');
    expect(zsh).not.toContain('display help for command');
    expect(await script('bash', PORTUGUESE)).toBe(await script('bash'));
  });
});
