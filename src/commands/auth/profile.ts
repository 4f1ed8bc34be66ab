import { maskKey, resolveProfileName } from '../../config/profile.js';
import type { Context } from '../../context.js';
import { CancelledError, UsageError } from '../../errors.js';
import { writeList } from '../../output/render.js';
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
  await writeList(
    context.io.stdout,
    context.output,
    rows,
    [
      { key: 'current', header: '', value: (row) => (row.current ? '*' : '') },
      { key: 'name', header: 'PROFILE', value: (row) => row.name },
      { key: 'base_url', header: 'BASE URL', value: (row) => row.base_url ?? '' },
      { key: 'secret_key', header: 'SECRET KEY', value: (row) => row.secret_key },
      { key: 'public_key', header: 'PUBLIC KEY', value: (row) => row.public_key },
      { key: 'dialect', header: 'DIALECT', value: (row) => dialectText(row.settings) },
    ],
    { colors: context.colors, emptyMessage: 'No profiles yet: run `paygate login`.' },
  );
  return 0;
}

/**
 * A profile's declared gateway dialect in brief (`money in reais; 3 charge words, 1 payout word`),
 * '' when it declares none; `config list --profile NAME` shows it whole.
 */
function dialectText(settings: Record<string, string | number>): string {
  const count = (name: string, noun: string) => {
    const declared = settings[name];
    if (declared === undefined) return undefined;
    const words = String(declared)
      .split(',')
      .filter((entry) => entry.trim() !== '').length;
    return `${words} ${noun} word${words === 1 ? '' : 's'}`;
  };
  const unit = settings['gateway.money_unit'];
  return [
    unit === undefined ? undefined : `money in ${unit}`,
    count('gateway.charge_status', 'charge'),
    count('gateway.payout_status', 'payout'),
  ]
    .filter((part) => part !== undefined)
    .join('; ');
}

/** `name`, when the config has such a profile (read from the config file: in run). */
function existingProfile(name: string, context: Context): string {
  if (!context.config.read().profiles[name]) {
    const known = Object.keys(context.config.read().profiles);
    throw new UsageError(`no profile "${name}"${known.length ? ` (profiles: ${known.join(', ')})` : ''}`, {
      field: 'name',
    });
  }
  return name;
}

async function useProfile(options: ProfileUseOptions, context: Context): Promise<number> {
  const name = existingProfile(options.name, context);
  await context.config.update((data) => {
    data.current_profile = name;
  });
  context.log.info(`Now using profile "${name}".`);
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
    const what = `${name === current ? 'the current profile' : 'profile'} "${name}"${profile.base_url ? ` (${profile.base_url})` : ''}`;
    const confirmed = await context.prompter.confirm({
      message: `Remove ${what} and its keys?`,
      default: false,
    });
    if (!confirmed) throw new CancelledError('Cancelled: the profile was kept.');
  }
  await context.config.update((data) => {
    delete data.profiles[name];
    if (data.current_profile === name) delete data.current_profile;
  });
  context.log.info(`Removed profile "${name}".`);
  return 0;
}
