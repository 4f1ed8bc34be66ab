import {
  DEFAULT_SETTINGS,
  displaySetting,
  isProfileSetting,
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
  /** The profile a `gateway.` setting belongs to (the active one); null for a global setting. */
  profile: string | null;
  description: string;
}

function settingRows(context: Context): SettingRow[] {
  const data = context.config.read();
  const profile = context.profile().name;
  const defaults = DEFAULT_SETTINGS as Record<string, string | number>;
  return SETTING_NAMES.map((name) => {
    const ofProfile = isProfileSetting(name);
    const stored = ofProfile ? data.profiles[profile]?.settings?.[name] : data.settings[name];
    const value = stored ?? defaults[name];
    return {
      name,
      value: value === undefined ? null : showSetting(name, value),
      source: stored !== undefined ? 'config' : defaults[name] !== undefined ? 'default' : 'unset',
      profile: ofProfile ? profile : null,
      description: SETTING_DEFINITIONS[name].description,
    };
  });
}

/** `config`, or `config, profile NAME` for a setting of the active profile. */
function sourceText(row: SettingRow): string {
  return row.profile === null ? row.source : `${row.source}, profile ${row.profile}`;
}

/** ` (profile "NAME")` after a `gateway.` setting's name, the profile it was changed in. */
function profileNote(name: SettingName, context: Context): string {
  return isProfileSetting(name) ? ` (profile ${JSON.stringify(context.profile().name)})` : '';
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
      { key: 'source', header: 'SOURCE', value: (row) => row.source, display: sourceText },
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
  const profile = context.profile().name;
  await context.config.update((data) => {
    if (!isProfileSetting(name)) {
      data.settings[name] = value;
      return;
    }
    const entry = data.profiles[profile] ?? {};
    data.profiles[profile] = { ...entry, settings: { ...entry.settings, [name]: value } };
  });
  context.log.info(`${name} = ${displaySetting(name, value)}${profileNote(name, context)}`);
  return 0;
}

async function removeSetting({ name }: ConfigUnsetOptions, context: Context): Promise<number> {
  const profile = context.profile().name;
  await context.config.update((data) => {
    if (!isProfileSetting(name)) {
      delete data.settings[name];
      return;
    }
    const settings = data.profiles[profile]?.settings;
    if (!settings) return;
    delete settings[name];
    if (Object.keys(settings).length === 0) delete data.profiles[profile]!.settings;
  });
  context.log.info(`${name} unset${profileNote(name, context)}`);
  return 0;
}
