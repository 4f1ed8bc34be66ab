// Which language a person reads (docs/language.md): chosen as Unix programs choose theirs, from
// the environment, with paygate's own variable and setting first.

/** The languages paygate speaks; English is the fallback of any text missing in another. */
export const LANGUAGES = ['en', 'pt-BR'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The variables read, in order; the first one set decides (LC_ALL overrides the LC_* ones). */
const LOCALE_VARIABLES = ['LC_ALL', 'LC_MESSAGES', 'LANG'] as const;

/**
 * A language name or locale as people and systems write it (`pt`, `pt_BR`, `pt-BR`,
 * `pt_BR.UTF-8`, `pt_BR@euro`): any Portuguese gives pt-BR, the one Portuguese paygate speaks;
 * anything else (`C`, `POSIX`, `en_US.UTF-8`, `fr`) gives English.
 */
export function languageOfLocale(value: string): Language {
  const language = value
    .trim()
    .split(/[_.@-]/)[0]!
    .toLowerCase();
  return language === 'pt' ? 'pt-BR' : 'en';
}

/**
 * The language of a run: `PAYGATE_LANG`, else the setting `lang`, else `LC_ALL`, `LC_MESSAGES`,
 * `LANG` (the first that is set and not empty), else English.
 */
export function chooseLanguage(
  env: Readonly<Record<string, string | undefined>>,
  setting: string | undefined,
): Language {
  const own = env.PAYGATE_LANG?.trim();
  if (own) return languageOfLocale(own);
  if (setting?.trim()) return languageOfLocale(setting);
  for (const name of LOCALE_VARIABLES) {
    const value = env[name]?.trim();
    if (value) return languageOfLocale(value);
  }
  return 'en';
}
