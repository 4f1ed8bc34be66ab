// The password of anything that looks like a URL's user part, in any text: `scheme://user:pw@host`,
// and the mistyped forms a person writes (`scheme:/user:pw@host`, `scheme:user:pw@host`,
// `user:pw@host:port/db` without a scheme). Used where a URL a person typed may be shown (a
// journal URL in a message, `config list`, the last pass before stderr): the password never is.

/** What replaces a password. */
export const HIDDEN_PASSWORD = '***';

/**
 * An optional scheme with its slashes, a user (no `:`, `@`, `/` or space), `:`, and the password
 * up to the last `@` of the token (a password may hold `@` or `/`, but does not start with `/`:
 * that is a scheme's `//user@`; quotes and `<>` end a token in JSON and HTML). `mailto:` is an
 * address, not a user.
 */
const USERINFO =
  /(?<![A-Za-z0-9+._%-])((?:[A-Za-z][A-Za-z0-9+.-]*:\/*)?(?!mailto:)[^\s:@/"'<>]+:)(?!\/)[^\s"'<>]*@/gi;

/** `text` with the password of each `user:password@` replaced by `***`; itself when there is none. */
export function hideUserinfoPasswords(text: string): string {
  if (!text.includes('@')) return text;
  return text.replace(USERINFO, (whole, userPart: string) =>
    whole.length === userPart.length + 1 ? whole : `${userPart}${HIDDEN_PASSWORD}@`,
  );
}
