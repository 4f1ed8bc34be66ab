import { parseDuration } from '../domain/duration.js';
import { parseMoney } from '../domain/money.js';
import { UsageError } from '../errors.js';
import { isOutputFormat, OUTPUT_FORMATS } from '../output/formats.js';

/** The settings `paygate config` manages: name → how a typed string is parsed and stored. */
export const SETTING_DEFINITIONS = {
  output: {
    description: 'default output format (table, json, ndjson, csv, plain)',
    parse: (value: string) => {
      if (!isOutputFormat(value))
        throw new UsageError(`output: must be one of ${OUTPUT_FORMATS.join(', ')}`, { field: 'output' });
      return value;
    },
  },
  'fee.pix': {
    description: 'PIX fee rate in percent used by previews (default 3.99)',
    parse: (value: string) => {
      if (!/^\d{1,3}(\.\d{1,4})?$/.test(value) || Number(value) > 100) {
        throw new UsageError('fee.pix: must be a percentage from 0 to 100, e.g. 3.99', { field: 'fee.pix' });
      }
      return Number(value);
    },
  },
  'payout.max_amount': {
    description: 'refuse payouts above this amount (centavos or reais with two decimals)',
    parse: (value: string) => parseMoney(value, 'payout.max_amount'),
  },
  'watch.interval': {
    description: 'default polling interval of watch commands (e.g. 2s)',
    parse: (value: string) => {
      parseDuration(value, 'watch.interval');
      return value;
    },
  },
} as const satisfies Record<string, { description: string; parse: (value: string) => unknown }>;

export type SettingName = keyof typeof SETTING_DEFINITIONS;
export const SETTING_NAMES = Object.keys(SETTING_DEFINITIONS) as SettingName[];

export const DEFAULT_SETTINGS = { 'fee.pix': 3.99, 'watch.interval': '2s' } as const;

export function isSettingName(name: string): name is SettingName {
  return Object.hasOwn(SETTING_DEFINITIONS, name);
}
