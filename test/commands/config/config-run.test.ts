// `config list/get/set/unset/path` in their two layers: parse (argv → options; a value is checked
// by its setting before anything is stored) and run (the config file read and changed).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  configGet,
  configList,
  configPath,
  configSet,
  configUnset,
} from '../../../src/commands/config/config.js';
import { displayWidth } from '../../../src/output/columns.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { inputFor, tempConfigDir } from '../../helpers/run-cli.js';

const noSettings = { setting: () => undefined };

describe('config: parse', () => {
  it('list and path take nothing', async () => {
    expect(configList.parse(await inputFor(['config', 'list']), noSettings)).toBeUndefined();
    expect(configPath.parse(await inputFor(['config', 'path']), noSettings)).toBeUndefined();
    expect(() => configPath.parse({ args: ['x'], flags: {} }, noSettings)).toThrow(
      expect.objectContaining({ exitCode: 2, message: 'too many arguments: this command takes none' }),
    );
  });

  it('get and unset: the setting name', async () => {
    expect(configGet.parse(await inputFor(['config', 'get', 'fee.pix']), noSettings)).toEqual({
      name: 'fee.pix',
    });
    expect(configUnset.parse(await inputFor(['config', 'unset', 'output']), noSettings)).toEqual({
      name: 'output',
    });
  });

  it('a name that is no setting is refused (an input made by hand too)', () => {
    expect(() => configGet.parse({ args: ['fee.pics'], flags: {} }, noSettings)).toThrow(
      expect.objectContaining({
        exitCode: 2,
        message: expect.stringMatching(/^name: "fee.pics" is not one of: lang, output, fee\.pix/),
      }),
    );
  });

  it('set: the value as the setting stores it (a rate in percent, money in centavos)', async () => {
    expect(configSet.parse(await inputFor(['config', 'set', 'fee.pix', '2.99']), noSettings)).toEqual({
      name: 'fee.pix',
      value: 2.99,
    });
    expect(
      configSet.parse(await inputFor(['config', 'set', 'payout.max_amount', '5000.00']), noSettings),
    ).toEqual({ name: 'payout.max_amount', value: 500_000 });
    expect(configSet.parse(await inputFor(['config', 'set', 'output', 'csv']), noSettings)).toEqual({
      name: 'output',
      value: 'csv',
    });
  });

  it('set: a bad value is refused naming the setting', async () => {
    const input = await inputFor(['config', 'set', 'output', 'yaml']);
    expect(() => configSet.parse(input, noSettings)).toThrow(
      expect.objectContaining({
        exitCode: 2,
        message: 'output: "yaml" is not one of: table, json, ndjson, csv, plain',
      }),
    );
  });

  it('set gateway.money_unit: centavos or reais, anything else refused naming the setting and both', async () => {
    expect(
      configSet.parse(await inputFor(['config', 'set', 'gateway.money_unit', 'reais']), noSettings),
    ).toEqual({ name: 'gateway.money_unit', value: 'reais' });
    expect(
      configSet.parse(await inputFor(['config', 'set', 'gateway.money_unit', 'centavos']), noSettings),
    ).toEqual({ name: 'gateway.money_unit', value: 'centavos' });
    for (const bad of ['Reais', 'cents', '100']) {
      const input = await inputFor(['config', 'set', 'gateway.money_unit', bad]);
      expect(() => configSet.parse(input, noSettings)).toThrow(
        expect.objectContaining({
          exitCode: 2,
          message: `gateway.money_unit: "${bad}" is not one of: centavos, reais`,
        }),
      );
    }
  });
});

describe('config set retry.*: checked before it is stored', () => {
  it.each([
    ['retry.max_tries', '1', 1],
    ['retry.max_tries', '6', 6],
    ['retry.max_tries', '10', 10],
    ['retry.base_delay', '250ms', '250ms'],
    ['retry.max_delay', '30s', '30s'],
  ])('%s %s is stored as %j', async (name, value, stored) => {
    expect(configSet.parse(await inputFor(['config', 'set', name, value]), noSettings)).toEqual({
      name,
      value: stored,
    });
  });

  it.each([
    ['retry.max_tries', '0', 'retry.max_tries: must be a whole number from 1 to 10'],
    ['retry.max_tries', '11', 'retry.max_tries: must be a whole number from 1 to 10'],
    ['retry.max_tries', '2.5', 'retry.max_tries: must be a whole number from 1 to 10'],
    ['retry.max_tries', 'four', 'retry.max_tries: must be a whole number from 1 to 10'],
    ['retry.base_delay', '0s', 'retry.base_delay: must be longer than 0'],
    ['retry.max_delay', '0', 'retry.max_delay: must be longer than 0'],
    ['retry.max_delay', 'soon', expect.stringMatching(/^retry\.max_delay: "soon" is not a duration/)],
  ])('%s %s is refused (exit 2)', async (name, value, message) => {
    const input = await inputFor(['config', 'set', name, value]);
    expect(() => configSet.parse(input, noSettings)).toThrow(
      expect.objectContaining({ exitCode: 2, message }),
    );
  });
});

describe('config: run', () => {
  it('set stores the value, get prints it, unset returns it to its default', async () => {
    const dir = tempConfigDir();
    const context = (globals = {}) => fakeContext({ env: { PAYGATE_CONFIG_DIR: dir }, globals });

    const set = context();
    expect(await configSet.run({ name: 'payout.max_amount', value: 500_000 }, set.context)).toBe(0);
    await set.context.close();
    expect(set.io.stderr.text).toBe('payout.max_amount = R$ 5.000,00 (500000 centavos)\n');
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).settings).toEqual({
      'payout.max_amount': 500_000,
    });

    const get = context({ json: true });
    expect(await configGet.run({ name: 'payout.max_amount' }, get.context)).toBe(0);
    await get.context.close();
    expect(get.io.stdout.text).toBe('500000\n');

    const unset = context();
    expect(await configUnset.run({ name: 'payout.max_amount' }, unset.context)).toBe(0);
    await unset.context.close();
    expect(unset.io.stderr.text).toBe('payout.max_amount unset\n');
    const after = context({ json: true });
    await configGet.run({ name: 'payout.max_amount' }, after.context);
    await after.context.close();
    expect(after.io.stdout.text).toBe('null\n');
  });

  it('list: every setting, its value and where it comes from', async () => {
    const dir = tempConfigDir();
    const set = fakeContext({ env: { PAYGATE_CONFIG_DIR: dir } });
    await configSet.run({ name: 'fee.pix', value: 2.5 }, set.context);
    await set.context.close();
    const { context, io } = fakeContext({ env: { PAYGATE_CONFIG_DIR: dir }, globals: { json: true } });
    expect(await configList.run(undefined, context)).toBe(0);
    await context.close();
    const rows = JSON.parse(io.stdout.text) as Array<{ name: string; value: unknown; source: string }>;
    expect(rows.map((row) => row.name)).toEqual([
      'lang',
      'output',
      'fee.pix',
      'fee.card',
      'fee.boleto',
      'payout.max_amount',
      'qr',
      'watch.interval',
      'journal.url',
      'journal.lookup_window',
      'journal.gateway_lookup',
      'retry.max_tries',
      'retry.base_delay',
      'retry.max_delay',
      'gateway.money_unit',
      'gateway.charge_status',
      'gateway.payout_status',
    ]);
    expect(rows.find((row) => row.name === 'fee.pix')).toMatchObject({ value: 2.5, source: 'config' });
    expect(rows.find((row) => row.name === 'fee.card')).toMatchObject({ value: 4.99, source: 'default' });
    expect(rows.find((row) => row.name === 'retry.max_tries')).toMatchObject({ value: 4, source: 'default' });
    expect(rows.find((row) => row.name === 'retry.max_delay')).toMatchObject({
      value: '8s',
      source: 'default',
    });
  });

  it('list at a terminal fits its width: descriptions cut with …, or left out and named; a pipe gets them whole', async () => {
    const list = async (options: Parameters<typeof fakeContext>[0]) => {
      const { context, io } = fakeContext({ env: { PAYGATE_CONFIG_DIR: tempConfigDir() }, ...options });
      expect(await configList.run(undefined, context)).toBe(0);
      await context.close();
      return { stdout: io.stdout.text, stderr: io.stderr.text };
    };
    const lines = (text: string) => text.trimEnd().split('\n');
    const wide = await list({ tty: true, terminalSize: { rows: 24, columns: 80 } });
    for (const line of lines(wide.stdout)) expect(displayWidth(line)).toBeLessThanOrEqual(80);
    expect(wide.stdout).toMatch(/\nlang +unset +the language paygate …\n/);
    expect(wide.stderr).toBe('');
    // Too narrow for a readable piece of it: the column is left out and said, as charge list does.
    const narrow = await list({ tty: true, terminalSize: { rows: 24, columns: 60 } });
    for (const line of lines(narrow.stdout)) expect(displayWidth(line)).toBeLessThanOrEqual(60);
    expect(narrow.stdout).not.toContain('DESCRIPTION');
    expect(narrow.stderr).toContain('Not shown at this width: DESCRIPTION');
    const pipe = await list({});
    expect(pipe.stdout).toContain(
      'the language paygate speaks to people: en or pt-BR (PAYGATE_LANG overrides; unset: the locale, LC_ALL, LC_MESSAGES or LANG); scripts see the same JSON, CSV and exit codes in both\n',
    );
  });

  it('path: the config file', async () => {
    const { context, io, configDir } = fakeContext();
    expect(await configPath.run(undefined, context)).toBe(0);
    await context.close();
    expect(io.stdout.text).toBe(`${join(configDir, 'config.json')}\n`);
  });
});
