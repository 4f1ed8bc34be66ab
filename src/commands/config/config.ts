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
import { terminalFit, writeList } from '../../output/render.js';
import { helpText } from '../../text/catalog.js';
import { sayConfigCommand } from '../../text/en/config-command.js';
import { tableWords } from '../../text/in-english.js';
import { NO_ARGUMENTS, readArguments } from '../options.js';
import type { CommandHandler } from '../types.js';
import { CONFIG_SET_ARGUMENTS, CONFIG_SETTING_ARGUMENTS } from './flags.js';

/** Commander refuses a name outside the choices already; this also gives it its type. */
function settingName(name: string): SettingName {
  if (!isSettingName(name)) {
    throw new UsageError(sayConfigCommand('unknownSetting', { name, settings: SETTING_NAMES.join(', ') }), {
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

/** Where a value comes from, in words: `config`, or `config, profile NAME` for a setting of the active profile. */
function sourceText(row: SettingRow): string {
  const { profile } = row;
  switch (row.source) {
    case 'config':
      return profile === null
        ? sayConfigCommand('sourceConfig')
        : sayConfigCommand('sourceConfigOfProfile', { profile });
    case 'default':
      return profile === null
        ? sayConfigCommand('sourceDefault')
        : sayConfigCommand('sourceDefaultOfProfile', { profile });
    case 'unset':
      return profile === null
        ? sayConfigCommand('sourceUnset')
        : sayConfigCommand('sourceUnsetOfProfile', { profile });
  }
}

/** The profile a `gateway.` setting was changed in, quoted (`"NAME"`); undefined for a global setting. */
function quotedProfile(name: SettingName, context: Context): string | undefined {
  return isProfileSetting(name) ? JSON.stringify(context.profile().name) : undefined;
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
  const heading = (say: () => string) => tableWords(context.output, say);
  await writeList(
    context.io.stdout,
    context.output,
    settingRows(context),
    [
      { key: 'name', header: heading(() => sayConfigCommand('settingHeader')), value: (row) => row.name },
      {
        key: 'value',
        header: heading(() => sayConfigCommand('valueHeader')),
        value: (row) => row.value ?? '',
        display: (row) => (row.value === null ? '' : displaySetting(row.name, row.value)),
      },
      {
        key: 'source',
        header: heading(() => sayConfigCommand('sourceHeader')),
        value: (row) => row.source,
        display: sourceText,
      },
      {
        key: 'description',
        header: heading(() => sayConfigCommand('descriptionHeader')),
        value: (row) => row.description,
        // The settings' descriptions are help (docs/language.md): csv and JSON keep the English.
        display: (row) => helpText(`setting ${row.name}`, row.description),
        cutToFit: true,
      },
    ],
    // At a terminal the descriptions are cut to its width (a row never wraps); a pipe gets them whole.
    { colors: context.colors, ...terminalFit(context.io) },
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
  const shown = displaySetting(name, value);
  const changedIn = quotedProfile(name, context);
  context.log.info(
    changedIn === undefined
      ? sayConfigCommand('settingStored', { name, value: shown })
      : sayConfigCommand('settingStoredInProfile', { name, value: shown, profile: changedIn }),
  );
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
  const changedIn = quotedProfile(name, context);
  context.log.info(
    changedIn === undefined
      ? sayConfigCommand('settingRemoved', { name })
      : sayConfigCommand('settingRemovedInProfile', { name, profile: changedIn }),
  );
  return 0;
}
