// What `paygate config` says to people: its table, its confirmations, its refusals.
import { englishTexts } from '../catalog.js';

const configCommandEnglish = {
  unknownSetting: 'unknown setting "{name}": settings are {settings}',
  settingHeader: 'SETTING',
  valueHeader: 'VALUE',
  sourceHeader: 'SOURCE',
  descriptionHeader: 'DESCRIPTION',
  sourceConfig: 'config',
  sourceDefault: 'default',
  sourceUnset: 'unset',
  sourceConfigOfProfile: 'config, profile {profile}',
  sourceDefaultOfProfile: 'default, profile {profile}',
  sourceUnsetOfProfile: 'unset, profile {profile}',
  settingStored: '{name} = {value}',
  settingStoredInProfile: '{name} = {value} (profile {profile})',
  settingRemoved: '{name} unset',
  settingRemovedInProfile: '{name} unset (profile {profile})',
} as const;

export type ConfigCommandEnglish = typeof configCommandEnglish;
export const sayConfigCommand = englishTexts('config-command', configCommandEnglish);
