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
} as const;

export type ConfigEnglish = typeof configEnglish;
export const sayConfig = englishTexts('config', configEnglish);
