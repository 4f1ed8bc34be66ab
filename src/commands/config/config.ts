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
import { NO_ARGUMENTS, readArguments } from '../options.js';
import type { CommandHandler } from '../types.js';
import { CONFIG_SET_ARGUMENTS, CONFIG_SETTING_ARGUMENTS } from './flags.js';

/** Commander refuses a name outside the choices already; this also gives it its type. */
function settingName(name: string): SettingName {
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

export const configList: CommandHandler<void> = {
  parse: (input) => void readArguments(NO_ARGUMENTS, input),
  run: (_options, context) => writeSettings(context),
};

export interface ConfigGetOptions {
  name: SettingName;
}

export const configGet: CommandHandler<ConfigGetOptions> = {
  parse: (input) => ({ name: settingName(readArguments(CONFIG_SETTING_ARGUMENTS, input).name) }),
  run: writeSetting,
};

export interface ConfigSetOptions {
  name: SettingName;
  /** The value as the setting stores it (checked by its definition). */
  value: string | number;
}

export const configSet: CommandHandler<ConfigSetOptions> = {
  parse: (input) => {
    const values = readArguments(CONFIG_SET_ARGUMENTS, input);
    const name = settingName(values.name);
    return { name, value: SETTING_DEFINITIONS[name].parse(values.value) as string | number };
  },
  run: storeSetting,
};

export interface ConfigUnsetOptions {
  name: SettingName;
}

export const configUnset: CommandHandler<ConfigUnsetOptions> = {
  parse: (input) => ({ name: settingName(readArguments(CONFIG_SETTING_ARGUMENTS, input).name) }),
  run: removeSetting,
};

export const configPath: CommandHandler<void> = {
  parse: (input) => void readArguments(NO_ARGUMENTS, input),
  run: async (_options, context) => {
    context.io.stdout.write(`${context.config.path}\n`);
    return 0;
  },
};

async function writeSettings(context: Context): Promise<number> {
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

async function writeSetting({ name }: ConfigGetOptions, context: Context): Promise<number> {
  const stored = context.setting(name);
  const value = stored === undefined ? undefined : showSetting(name, stored);
  if (context.output === 'json') context.io.stdout.write(`${JSON.stringify(value ?? null)}\n`);
  else if (value !== undefined) context.io.stdout.write(`${value}\n`);
  return 0;
}

async function storeSetting({ name, value }: ConfigSetOptions, context: Context): Promise<number> {
  await context.config.update((data) => {
    data.settings[name] = value;
  });
  context.log.info(`${name} = ${displaySetting(name, value)}`);
  return 0;
}

async function removeSetting({ name }: ConfigUnsetOptions, context: Context): Promise<number> {
  await context.config.update((data) => {
    delete data.settings[name];
  });
  context.log.info(`${name} unset`);
  return 0;
}
