import { maskKey, resolveProfileName } from '../../config/profile.js';
import type { Context } from '../../context.js';
import { CancelledError, UsageError } from '../../errors.js';
import { writeList } from '../../output/render.js';
import { sayAuth } from '../../text/en/auth.js';
import { inEnglish, tableWords } from '../../text/in-english.js';
import { NO_ARGUMENTS, readArguments, readFlags } from '../options.js';
import type { CommandHandler } from '../types.js';
import { PROFILE_NAME_ARGUMENTS, PROFILE_REMOVE_FLAGS } from './flags.js';

export const profileList: CommandHandler<void> = {
  parse: (input) => void readArguments(NO_ARGUMENTS, input),
  run: (_options, context) => writeProfiles(context),
};

export interface ProfileUseOptions {
  name: string;
}

export const profileUse: CommandHandler<ProfileUseOptions> = {
  parse: (input) => ({ name: readArguments(PROFILE_NAME_ARGUMENTS, input).name }),
  run: useProfile,
};

export interface ProfileRemoveOptions {
  name: string;
  /** Remove without asking, even on a terminal. */
  yes: boolean;
}

export const profileRemove: CommandHandler<ProfileRemoveOptions> = {
  parse: (input) => ({
    name: readArguments(PROFILE_NAME_ARGUMENTS, input).name,
    yes: readFlags(PROFILE_REMOVE_FLAGS, input).yes === true,
  }),
  run: removeProfile,
};

async function writeProfiles(context: Context): Promise<number> {
  const config = context.config.read();
  const current = resolveProfileName(config, context.env, { profile: context.globals.profile });
  const rows = Object.entries(config.profiles).map(([name, profile]) => ({
    name,
    current: name === current,
    base_url: profile.base_url ?? null,
    api_prefix: profile.api_prefix ?? null,
    secret_key: maskKey(profile.secret_key),
    public_key: maskKey(profile.public_key),
    settings: profile.settings ?? {},
  }));
  const heading = (say: () => string) => tableWords(context.output, say);
  await writeList(
    context.io.stdout,
    context.output,
    rows,
    [
      { key: 'current', header: '', value: (row) => (row.current ? '*' : '') },
      { key: 'name', header: heading(() => sayAuth('profileHeader')), value: (row) => row.name },
      {
        key: 'base_url',
        header: heading(() => sayAuth('baseUrlHeader')),
        value: (row) => row.base_url ?? '',
      },
      {
        key: 'secret_key',
        header: heading(() => sayAuth('secretKeyHeader')),
        value: (row) => row.secret_key,
      },
      {
        key: 'public_key',
        header: heading(() => sayAuth('publicKeyHeader')),
        value: (row) => row.public_key,
      },
      {
        key: 'dialect',
        header: heading(() => sayAuth('dialectHeader')),
        // A script reads the English words (-o csv, plain); a table, the run's language.
        value: (row) => inEnglish(() => dialectText(row.settings)),
        display: (row) => dialectText(row.settings),
      },
    ],
    { colors: context.colors, emptyMessage: sayAuth('noProfiles') },
  );
  return 0;
}

/**
 * A profile's declared gateway dialect in brief (`money in reais; 3 charge words, 1 payout word`),
 * '' when it declares none; `config list --profile NAME` shows it whole.
 */
function dialectText(settings: Record<string, string | number>): string {
  const wordCount = (name: string) => {
    const declared = settings[name];
    if (declared === undefined) return undefined;
    return String(declared)
      .split(',')
      .filter((entry) => entry.trim() !== '').length;
  };
  const unit = settings['gateway.money_unit'];
  const chargeWords = wordCount('gateway.charge_status');
  const payoutWords = wordCount('gateway.payout_status');
  return [
    unit === undefined ? undefined : sayAuth('moneyUnitOfDialect', { unit }),
    chargeWords === undefined ? undefined : sayAuth('chargeWordsOfDialect', { count: chargeWords }),
    payoutWords === undefined ? undefined : sayAuth('payoutWordsOfDialect', { count: payoutWords }),
  ]
    .filter((part) => part !== undefined)
    .join('; ');
}

/** `name`, when the config has such a profile (read from the config file: in run). */
function existingProfile(name: string, context: Context): string {
  if (!context.config.read().profiles[name]) {
    const known = Object.keys(context.config.read().profiles);
    throw new UsageError(
      known.length
        ? sayAuth('noSuchProfileAmong', { profile: name, profiles: known.join(', ') })
        : sayAuth('noSuchProfile', { profile: name }),
      { field: 'name' },
    );
  }
  return name;
}

async function useProfile(options: ProfileUseOptions, context: Context): Promise<number> {
  const name = existingProfile(options.name, context);
  await context.config.update((data) => {
    data.current_profile = name;
  });
  context.log.info(sayAuth('nowUsing', { profile: name }));
  return 0;
}

async function removeProfile(options: ProfileRemoveOptions, context: Context): Promise<number> {
  const name = existingProfile(options.name, context);
  const config = context.config.read();
  const current = resolveProfileName(config, context.env, { profile: context.globals.profile });
  // Its keys are gone with it (a secret key cannot be read again from the gateway): asked first
  // on a terminal; a script says what it removes by running the command.
  if (context.canPrompt && !options.yes) {
    const profile = config.profiles[name]!;
    const which = { profile: `"${name}"${profile.base_url ? ` (${profile.base_url})` : ''}` };
    const confirmed = await context.prompter.confirm({
      message: name === current ? sayAuth('removeCurrentQuestion', which) : sayAuth('removeQuestion', which),
      default: false,
    });
    if (!confirmed) throw new CancelledError(sayAuth('removeCancelled'));
  }
  await context.config.update((data) => {
    delete data.profiles[name];
    if (data.current_profile === name) delete data.current_profile;
  });
  context.log.info(sayAuth('profileRemoved', { profile: name }));
  return 0;
}
