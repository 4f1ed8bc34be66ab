// What the config file and the settings say when they cannot be read, written or parsed
// (src/config/store.ts, settings.ts). Settings' descriptions are help (docs/language.md).
import { englishTexts } from '../catalog.js';

const configEnglish = {
  cannotReadFile: 'cannot read the config file {path}: {reason}; fix it or remove it',
  permissionDenied: 'permission denied',
  notValidJson: 'it is not valid JSON',
  nestedTooDeep: 'it is nested deeper than {depth} levels',
  notAPaygateConfig: 'its structure is not a paygate config',
  cannotWriteDir: 'cannot write the config directory {path}: {reason}; nothing was changed',
  cannotWriteDirHint:
    'check its permissions and free space, or set PAYGATE_CONFIG_DIR to a directory of your own',
  mustBeLongerThanZero: '{setting}: must be longer than 0',
  wholeNumberFromOneTo: '{setting}: must be a whole number from 1 to {max}',

  // A path another user controls (config/trusted-path.ts): `{label}` names it, `{why}` says why.
  refusingPath: 'refusing {label}: it {why}; {fix}',
  configDirectory: 'the config directory {dir}',
  ownedByOther: 'is owned by {owner}, not by you',
  symlinkOwnedByOther: 'is a symlink owned by {owner}, not by you',
  writableByGroup: 'can be written by others: its group (mode {mode})',
  writableByEveryone: 'can be written by others: every user (mode {mode})',
  writableByGroupAndEveryone: 'can be written by others: its group and every user (mode {mode})',
  symlinkToNothing: 'is a symlink to a path that does not exist',
  symlinkToUntrusted: 'is a symlink to {target}, which {why}',
  removeIfNotYours: 'if you did not put it there, remove it ({command})',
  runCommand: 'run {command}',
  ownConfigDirectory: 'set PAYGATE_CONFIG_DIR to a directory of your own',
  parentOwnedByOther:
    'refusing {label}: the directory holding it, {parent}, is owned by {owner}, who can replace it; set PAYGATE_CONFIG_DIR to a directory of your own',
  parentOpenToAll:
    'refusing {label}: the directory holding it, {parent}, can be written by every user (mode {mode}, no sticky bit), who can replace it; set PAYGATE_CONFIG_DIR to a directory of your own',
} as const;

export type ConfigEnglish = typeof configEnglish;
export const sayConfig = englishTexts('config', configEnglish);
