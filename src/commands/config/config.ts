import {
  DEFAULT_SETTINGS,
  displaySetting,
  isSettingName,
  SETTING_DEFINITIONS,
  SETTING_NAMES,
  type SettingName,
  showSetting,
} from '../../config/settings.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { writeList } from '../../output/render.js';
import type { CommandInput } from '../types.js';

function settingName(input: CommandInput): SettingName {
  const name = input.args[0] ?? '';
  if (!isSettingName(name)) {
    throw new UsageError(`unknown setting "${name}": settings are ${SETTING_NAMES.join(', ')}`, {
      field: 'name',
    });
  }
  return name;
}

interface SettingRow {
  name: SettingName;
  value: string | number | null;
  source: 'config' | 'default' | 'unset';
  description: string;
}

function settingRows(context: Context): SettingRow[] {
  const stored = context.config.read().settings;
  const defaults = DEFAULT_SETTINGS as Record<string, string | number>;
  return SETTING_NAMES.map((name) => {
    const value = stored[name] ?? defaults[name];
    return {
      name,
      value: value === undefined ? null : showSetting(name, value),
      source: stored[name] !== undefined ? 'config' : defaults[name] !== undefined ? 'default' : 'unset',
      description: SETTING_DEFINITIONS[name].description,
    };
  });
}

export async function handleConfigList(_input: CommandInput, context: Context): Promise<number> {
  await writeList(
    context.io.stdout,
    context.output,
    settingRows(context),
    [
      { key: 'name', header: 'SETTING', value: (row) => row.name },
      {
        key: 'value',
        header: 'VALUE',
        value: (row) => row.value ?? '',
        display: (row) => (row.value === null ? '' : displaySetting(row.name, row.value)),
      },
      { key: 'source', header: 'SOURCE', value: (row) => row.source },
      { key: 'description', header: 'DESCRIPTION', value: (row) => row.description },
    ],
    { colors: context.colors },
  );
  return 0;
}

export async function handleConfigGet(input: CommandInput, context: Context): Promise<number> {
  const name = settingName(input);
  const stored = context.setting(name);
  const value = stored === undefined ? undefined : showSetting(name, stored);
  if (context.output === 'json') context.io.stdout.write(`${JSON.stringify(value ?? null)}\n`);
  else if (value !== undefined) context.io.stdout.write(`${value}\n`);
  return 0;
}

export async function handleConfigSet(input: CommandInput, context: Context): Promise<number> {
  const name = settingName(input);
  const value = SETTING_DEFINITIONS[name].parse(input.args[1] ?? '') as string | number;
  await context.config.update((data) => {
    data.settings[name] = value;
  });
  context.log.info(`${name} = ${displaySetting(name, value)}`);
  return 0;
}

export async function handleConfigUnset(input: CommandInput, context: Context): Promise<number> {
  const name = settingName(input);
  await context.config.update((data) => {
    delete data.settings[name];
  });
  context.log.info(`${name} unset`);
  return 0;
}

export async function handleConfigPath(_input: CommandInput, context: Context): Promise<number> {
  context.io.stdout.write(`${context.config.path}\n`);
  return 0;
}
