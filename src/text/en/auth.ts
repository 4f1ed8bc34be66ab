// What `paygate login`, `logout` and `profile` say to people: prompts, confirmations, warnings,
// the profiles' table and refusals.
import { englishTexts } from '../catalog.js';

const authEnglish = {
  gatewayUrlPrompt: 'Gateway URL',
  gatewayUrlInvalid: 'enter a URL such as https://gateway.example',
  secretKeyPrompt: 'Secret key',
  secretKeyRequired: 'the secret key is required',
  nothingAnswersAskAgain: '{problem}: nothing answers at that URL; enter it again (Ctrl-C to stop)',
  keyRefusedAskAgain: '{problem}: the gateway refused this key; enter it again (Ctrl-C to stop)',
  secretKeyStdinEmpty: '--secret-key-stdin: standard input was empty',
  sandboxUrlAlternative: 'or pass its URL: `paygate login --sandbox URL`',
  notASandbox: '{url} is not a paygate sandbox (no /_sandbox/state)',
  loggedInAsSeller:
    'Logged in to {url} as {account} (seller {seller}): profile "{profile}", key {key}, API at {prefix}.',
  loggedInAsNamed: 'Logged in to {url} as {account}: profile "{profile}", key {key}, API at {prefix}.',
  loggedInAsUnnamed: 'Logged in to {url} as the account: profile "{profile}", key {key}, API at {prefix}.',
  noStoredKeys: 'Profile "{profile}" has no stored keys.',
  keysRemoved: 'Removed the keys of profile "{profile}".',
  secretKeyStillInEnvironment: 'PAYGATE_SECRET_KEY is still set in the environment.',
  profileHeader: 'PROFILE',
  baseUrlHeader: 'BASE URL',
  secretKeyHeader: 'SECRET KEY',
  publicKeyHeader: 'PUBLIC KEY',
  dialectHeader: 'DIALECT',
  noProfiles: 'No profiles yet: run `paygate login`.',
  moneyUnitOfDialect: 'money in {unit}',
  chargeWordsOfDialect: { one: '{count} charge word', other: '{count} charge words' },
  payoutWordsOfDialect: { one: '{count} payout word', other: '{count} payout words' },
  noSuchProfile: 'no profile "{profile}"',
  noSuchProfileAmong: 'no profile "{profile}" (profiles: {profiles})',
  nowUsing: 'Now using profile "{profile}".',
  removeCurrentQuestion: 'Remove the current profile {profile} and its keys?',
  removeQuestion: 'Remove profile {profile} and its keys?',
  removeCancelled: 'Cancelled: the profile was kept.',
  profileRemoved: 'Removed profile "{profile}".',
} as const;

export type AuthEnglish = typeof authEnglish;
export const sayAuth = englishTexts('auth', authEnglish);
