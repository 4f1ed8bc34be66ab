// The Portuguese help of payout, account, balance, seller, split, login, logout, profile, config
// and the settings kept in step with their English specs: every summary, description, flag and
// argument has its text (docs/language.md names the keys), and no text is left for one that is gone.
import { describe, expect, it } from 'vitest';
import { specsByWord } from '../../src/commands/registry.js';
import type { CommandSpec, GroupSpec } from '../../src/commands/types.js';
import { SETTING_NAMES } from '../../src/config/settings.js';
import { accountHelp } from '../../src/text/pt-BR/help-account.js';
import { authHelp } from '../../src/text/pt-BR/help-auth.js';
import { configHelp } from '../../src/text/pt-BR/help-config.js';
import { payoutHelp } from '../../src/text/pt-BR/help-payout.js';
import { sellerHelp } from '../../src/text/pt-BR/help-seller.js';
import { settingsHelp } from '../../src/text/pt-BR/help-settings.js';
import { splitHelp } from '../../src/text/pt-BR/help-split.js';
import { englishLinesIn } from '../helpers/english.js';

const WORDS = ['payout', 'account', 'balance', 'seller', 'split', 'login', 'logout', 'profile', 'config'];

/** `-a, --amount <money>` → `--amount`. */
function longFlag(flags: string): string {
  return /--[\w-]+/.exec(flags)![0];
}

/** The help keys of a command: summary, description, each flag and each shown argument. */
function commandKeys(command: CommandSpec): string[] {
  return [
    command.path,
    ...(command.description === undefined ? [] : [`${command.path}: description`]),
    ...(command.flags ?? []).map((flag) => `${command.path} ${longFlag(flag.flags)}`),
    ...(command.arguments ?? [])
      .filter((argument) => !argument.hidden)
      .map((argument) => `${command.path} <${argument.name}>`),
  ];
}

async function expectedKeys(): Promise<string[]> {
  const commands = new Map<string, CommandSpec>();
  const groups = new Map<string, GroupSpec>();
  for (const word of WORDS) {
    const specs = await specsByWord[word]!();
    for (const command of specs.commands)
      if (command.path.split(' ')[0] === word) commands.set(command.path, command);
    for (const group of specs.groups) if (group.path.split(' ')[0] === word) groups.set(group.path, group);
  }
  return [
    ...[...groups.keys()],
    ...[...commands.values()].flatMap(commandKeys),
    ...SETTING_NAMES.map((name) => `setting ${name}`),
  ].sort();
}

const portugueseKeys = Object.keys({
  ...payoutHelp,
  ...accountHelp,
  ...sellerHelp,
  ...splitHelp,
  ...authHelp,
  ...configHelp,
  ...settingsHelp,
}).sort();

describe('Portuguese help of payout, account, seller, split, auth, config and the settings', () => {
  it('has a text for every summary, description, flag, argument and setting, and none left over', async () => {
    const expected = await expectedKeys();
    expect(expected).toContain('payout create --amount');
    expect(expected).toContain('profile remove --yes');
    expect(expected).toContain('setting fee.pix');
    expect(portugueseKeys).toEqual(expected);
  });

  it('has no empty text and no key written twice across the files', () => {
    const files = [payoutHelp, accountHelp, sellerHelp, splitHelp, authHelp, configHelp, settingsHelp];
    const total = files.reduce((sum, file) => sum + Object.keys(file).length, 0);
    expect(total).toBe(portugueseKeys.length);
    for (const file of files) for (const text of Object.values(file)) expect(text.trim()).not.toBe('');
  });

  it('reads as Portuguese: no English left but what stays as typed', () => {
    const all = {
      ...payoutHelp,
      ...accountHelp,
      ...sellerHelp,
      ...splitHelp,
      ...authHelp,
      ...configHelp,
      ...settingsHelp,
    };
    const english = Object.entries(all).flatMap(([key, text]) =>
      englishLinesIn(text).map((line) => `${key}: ${line}`),
    );
    expect(english).toEqual([]);
  });
});
