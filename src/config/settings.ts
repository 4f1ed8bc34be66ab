import { parseDuration, parseWaitDuration } from '../domain/duration.js';
import { formatMoney, parseMoney } from '../domain/money.js';
import { MONEY_UNITS } from '../domain/money-reading.js';
import { PAYMENT_METHODS, type PaymentMethod } from '../domain/payment-methods.js';
import { parsePercent } from '../domain/percent.js';
import { CHARGE_STATUSES, PAYOUT_STATUSES, parseStatusWords } from '../domain/status.js';
import { ruleBroken, UsageError } from '../errors.js';
import { OUTPUT_FORMATS } from '../output/formats.js';
import { sayConfig } from '../text/en/config.js';
import { LANGUAGES, type Language, languageOfLocale } from '../text/language.js';
import { describeJournalUrl, parseJournalUrl } from './journal-url.js';

/** The `qr` setting: `auto`, or a drawing mode of src/output/qr.ts. */
export const QR_SETTINGS = ['auto', 'color', 'plain', 'plain-dark'] as const;
/** The `journal.gateway_lookup` setting: look for a key's mark on the gateway, or knowingly not. */
export const GATEWAY_LOOKUP_SETTINGS = ['required', 'skip'] as const;

/** A setting that takes one of `values`: anything else is refused naming the setting and them. */
function oneOf<Value extends string>(name: string, values: readonly Value[]): (value: string) => Value {
  return (value) => {
    if (!(values as readonly string[]).includes(value))
      throw new UsageError(ruleBroken('mustBeOneOf', { field: name, value, values: values.join(', ') }), {
        field: name,
      });
    return value as Value;
  };
}

/** The settings `paygate config` manages: name → how a typed string is parsed and stored. */
export const SETTING_DEFINITIONS = {
  lang: {
    description:
      'the language paygate speaks to people: en or pt-BR (PAYGATE_LANG overrides; unset: the locale, LC_ALL, LC_MESSAGES or LANG); scripts see the same JSON, CSV and exit codes in both',
    parse: (value: string) => languageSetting(value),
  },
  output: {
    description: 'default output format (table, json, ndjson, csv, plain)',
    parse: oneOf('output', OUTPUT_FORMATS),
  },
  'fee.pix': {
    description:
      "PIX fee rate in percent used by previews (default 3.99, the rate the gateway's API documents)",
    parse: (value: string) => parsePercent(value, 'fee.pix'),
  },
  'fee.card': {
    description:
      'card fee rate in percent used by previews (default 4.99: an assumption, the gateway publishes no card rate)',
    parse: (value: string) => parsePercent(value, 'fee.card'),
  },
  'fee.boleto': {
    description:
      'boleto fee rate in percent used by previews (default 1.99: an assumption, the gateway publishes no boleto rate)',
    parse: (value: string) => parsePercent(value, 'fee.boleto'),
  },
  'payout.max_amount': {
    description: 'refuse payouts above this amount (centavos or reais with two decimals)',
    parse: (value: string) => parseMoney(value, 'payout.max_amount'),
  },
  qr: {
    description:
      'how QR codes are drawn: auto (black on white on a colour terminal, else plain), color (black on white, even under NO_COLOR), plain (ink for a light background), plain-dark (ink for a dark background)',
    parse: oneOf('qr', QR_SETTINGS),
  },
  'watch.interval': {
    description: 'default polling interval of watch commands (e.g. 2s)',
    parse: (value: string) => {
      parseWaitDuration(value, 'watch.interval');
      return value;
    },
  },
  'journal.url': {
    description:
      'keep the journal of keyed creates (--key) in this PostgreSQL database, shared by every host using it: postgres://user@host:port/database (PAYGATE_JOURNAL_URL overrides; unset: files in the config dir)',
    parse: (value: string) => parseJournalUrl(value, 'journal.url'),
    show: describeJournalUrl,
  },
  'journal.lookup_window': {
    description:
      "how far back a keyed create whose journal has no entry for its key looks for the key's mark on the gateway before sending (default 48h: the idempotency window)",
    parse: (value: string) => {
      if (parseDuration(value, 'journal.lookup_window') <= 0)
        throw new UsageError(sayConfig('mustBeLongerThanZero', { setting: 'journal.lookup_window' }), {
          field: 'journal.lookup_window',
        });
      return value;
    },
  },
  'journal.gateway_lookup': {
    description:
      "required (default): a keyed create the journal does not know looks for the key's mark on the gateway, and sends nothing (exit 10) when that look-up cannot be completed; skip: no look-up, relying on the journal (journal.url) and the idempotency header alone",
    parse: oneOf('journal.gateway_lookup', GATEWAY_LOOKUP_SETTINGS),
  },
  'retry.max_tries': {
    description:
      'tries in all (the first included) of a request that is safe to repeat, and of one the gateway rate-limited: a whole number from 1 to 10 (default 4)',
    parse: (value: string) => parseMaxTries(value),
  },
  'retry.base_delay': {
    description:
      'the longest wait before the second try; each later wait may be twice the one before, up to retry.max_delay (default 500ms; each wait is a random share of its ceiling)',
    parse: (value: string) => retryDelaySetting(value, 'retry.base_delay'),
  },
  'retry.max_delay': {
    description:
      'the longest any wait between tries may be (default 8s: reached from the 5th wait on, so only with retry.max_tries 6 or more; with the default 4 tries every wait is under 2s)',
    parse: (value: string) => retryDelaySetting(value, 'retry.max_delay'),
  },
  'gateway.money_unit': {
    description:
      "this profile's gateway: the unit of its money fields outside the API's own names (balance, value, valor, saldo…): centavos or reais (unset: their unit is unknown, shown as received and never computed with)",
    parse: oneOf('gateway.money_unit', MONEY_UNITS),
  },
  'gateway.charge_status': {
    description:
      "this profile's gateway: its charge status words read as the API's, WORD=status comma-separated (e.g. RECEIVED=paid,OVERDUE=expired)",
    parse: (value: string) => statusWordsSetting(value, CHARGE_STATUSES, 'gateway.charge_status'),
  },
  'gateway.payout_status': {
    description:
      "this profile's gateway: its payout status words read as the API's, WORD=status comma-separated (e.g. CONCLUIDA=completed,rejected=failed)",
    parse: (value: string) => statusWordsSetting(value, PAYOUT_STATUSES, 'gateway.payout_status'),
  },
} as const satisfies Record<
  string,
  { description: string; parse: (value: string) => unknown; show?: (value: string) => string }
>;

/** The `lang` setting: a language or a locale naming one (`pt_BR` is stored as `pt-BR`). */
function languageSetting(value: string): Language {
  const language = languageOfLocale(value);
  if (language === 'en' && !/^(en|C|POSIX)([_.@-]|$)/i.test(value.trim()))
    throw new UsageError(ruleBroken('mustBeOneOf', { field: 'lang', value, values: LANGUAGES.join(', ') }), {
      field: 'lang',
    });
  return language;
}

/** A setting's value as it may be printed (a journal URL without its password). */
export function showSetting(name: string, value: string | number): string | number {
  const definition = SETTING_DEFINITIONS[name as SettingName] as
    | { show?: (value: string) => string }
    | undefined;
  return definition?.show && typeof value === 'string' ? definition.show(value) : value;
}

export type SettingName = keyof typeof SETTING_DEFINITIONS;

/** A status-words declaration checked (domain/status.ts) and stored as typed, one `WORD=status` per comma. */
function statusWordsSetting(value: string, statuses: readonly string[], setting: string): string {
  parseStatusWords(value, statuses, setting);
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const [word, status] = entry.split('=').map((part) => part.trim());
      return `${word}=${status?.toLowerCase()}`;
    })
    .join(',');
}

/** `retry.max_tries`: a whole number from 1 to MAX_TRIES_LIMIT. */
function parseMaxTries(value: string | number): number {
  const tries = typeof value === 'number' ? value : /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isInteger(tries) || tries < 1 || tries > MAX_TRIES_LIMIT)
    throw new UsageError(
      sayConfig('wholeNumberFromOneTo', { setting: 'retry.max_tries', max: MAX_TRIES_LIMIT }),
      {
        field: 'retry.max_tries',
      },
    );
  return tries;
}

/** `retry.base_delay`, `retry.max_delay`: a duration longer than 0, stored as typed. */
function retryDelaySetting(value: string, setting: string): string {
  if (parseWaitDuration(value, setting) <= 0)
    throw new UsageError(sayConfig('mustBeLongerThanZero', { setting }), { field: setting });
  return value;
}

/**
 * More tries than this would keep a run waiting for minutes on a gateway that is down (with the
 * default delays, 10 tries wait up to some 50 s in all); a cron job is better off failing and
 * running again.
 */
const MAX_TRIES_LIMIT = 10;

/**
 * The retry limits the settings give (`retry.*`, their defaults when unset), for the API client:
 * the one place they are read (context.ts `clientOptions`). A hand-edited value that is not valid
 * is a usage error naming the setting.
 */
export function retrySettings(setting: (name: string) => unknown): {
  maxAttempts: number;
  retryBaseMs: number;
  retryCapMs: number;
} {
  const delay = (name: 'retry.base_delay' | 'retry.max_delay') =>
    parseDuration(retryDelaySetting(String(setting(name) ?? DEFAULT_SETTINGS[name]), name), name);
  const tries = setting('retry.max_tries') ?? DEFAULT_SETTINGS['retry.max_tries'];
  return {
    maxAttempts: parseMaxTries(typeof tries === 'number' ? tries : String(tries)),
    retryBaseMs: delay('retry.base_delay'),
    retryCapMs: delay('retry.max_delay'),
  };
}

/**
 * Settings that belong to a profile (its gateway's dialect), stored in its entry of the config
 * file: every `gateway.` setting. The others are global.
 */
export function isProfileSetting(name: string): boolean {
  return name.startsWith('gateway.');
}

export const SETTING_NAMES = Object.keys(SETTING_DEFINITIONS) as SettingName[];

export const DEFAULT_SETTINGS = {
  'fee.pix': 3.99,
  'fee.card': 4.99,
  'fee.boleto': 1.99,
  'watch.interval': '2s',
  qr: 'auto',
  'journal.lookup_window': '48h',
  'journal.gateway_lookup': 'required',
  // The same as the API client's own defaults (src/api/retry.ts DEFAULT_RETRY_LIMITS; a test
  // keeps them equal), so that `config list` shows them.
  'retry.max_tries': 4,
  'retry.base_delay': '500ms',
  'retry.max_delay': '8s',
} as const;

export { PAYMENT_METHODS, type PaymentMethod };

/** The fee rate a preview uses: `--fee-rate` when given, else the method's setting (fee.pix…). */
export function feeRate(
  flag: string | undefined,
  method: PaymentMethod,
  setting: (name: string) => unknown,
): number {
  if (flag !== undefined) return parsePercent(flag, '--fee-rate');
  const name = `fee.${method}`;
  const stored = setting(name);
  return typeof stored === 'number'
    ? stored
    : parsePercent(String(stored ?? DEFAULT_SETTINGS[name as 'fee.pix']), name);
}

/** The settings that hold money (integer centavos). */
const MONEY_SETTINGS: ReadonlySet<SettingName> = new Set(['payout.max_amount']);

/**
 * A setting's value as a person reads it: money as `R$ 5.000,00 (500000 centavos)`, the unit
 * `config get` prints and `config set` takes back; anything else (and money that is not integer
 * centavos, from a hand-edited file) as it is stored, a journal URL without its password.
 */
export function displaySetting(name: SettingName, value: string | number): string {
  if (MONEY_SETTINGS.has(name) && typeof value === 'number' && Number.isSafeInteger(value)) {
    return `${formatMoney(value)} (${value} centavos)`;
  }
  return String(showSetting(name, value));
}

export function isSettingName(name: string): name is SettingName {
  return Object.hasOwn(SETTING_DEFINITIONS, name);
}
