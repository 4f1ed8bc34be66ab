// What a command's context says when the profile, the gateway URL or a key cannot be used
// (src/context.ts): nothing was sent.
import { englishTexts } from '../catalog.js';

const contextEnglish = {
  requestTimeoutAboveZero: '--request-timeout: must be above zero',
  noGatewayUrl: 'no gateway URL for profile "{profile}"',
  loginOrBaseUrl: 'run {login}, pass --base-url, or set PAYGATE_BASE_URL',
  notLoggedIn: 'not logged in: there is no profile yet',
  profileMissing: 'profile {profile} does not exist; {there}',
  profileMissingNamedByVariable: 'profile {profile} (named by PAYGATE_PROFILE) does not exist; {there}',
  profileMissingCurrent: 'profile {profile} (the current profile) does not exist; {there}',
  noProfilesYet: 'there are no profiles yet',
  profilesAre: 'the profiles are {profiles}',
  createProfile: 'create it with {login}',
  storedKey: 'the key stored in profile "{profile}"',
  keyNotOneLine:
    '{where}: a key is one line of visible characters; this one has a space, a line break or a control character inside (nothing was sent)',
  setKeyAgain: 'set {variable} again, or run {login}',
} as const;

export type ContextEnglish = typeof contextEnglish;
export const sayContext = englishTexts('context', contextEnglish);
