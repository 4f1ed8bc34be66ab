import type { Context } from '../../context.js';
import { sayAuth } from '../../text/en/auth.js';
import { NO_ARGUMENTS, readArguments } from '../options.js';
import type { CommandHandler } from '../types.js';

export const logout: CommandHandler<void> = {
  parse: (input) => void readArguments(NO_ARGUMENTS, input),
  run: (_options, context) => removeKeys(context),
};

async function removeKeys(context: Context): Promise<number> {
  const { name } = context.profile();
  const stored = context.config.read().profiles[name];
  if (!stored?.secret_key && !stored?.public_key) {
    context.log.info(sayAuth('noStoredKeys', { profile: name }));
    return 0;
  }
  await context.config.update((data) => {
    const profile = data.profiles[name];
    if (profile) {
      delete profile.secret_key;
      delete profile.public_key;
      delete profile.seller_id; // whose key it was
    }
  });
  context.log.info(sayAuth('keysRemoved', { profile: name }));
  if (context.env.PAYGATE_SECRET_KEY) context.log.warn(sayAuth('secretKeyStillInEnvironment'));
  return 0;
}
