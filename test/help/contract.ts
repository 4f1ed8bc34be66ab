// What the user-facing contract lists, for the tests of `paygate help` and of the README.

/** Every exit code of the contract (the README's Exit codes, `paygate help exit-codes`). */
export const EXIT_CODES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 130] as const;

/** Every environment variable paygate reads. */
export const ENVIRONMENT_VARIABLES = [
  'PAYGATE_SECRET_KEY',
  'PAYGATE_PUBLIC_KEY',
  'PAYGATE_BASE_URL',
  'PAYGATE_PROFILE',
  'PAYGATE_CONFIG_DIR',
  'PAYGATE_JOURNAL_URL',
  'PAYGATE_ALLOW_INSECURE_HTTP',
  'NO_COLOR',
  'FORCE_COLOR',
  'HTTPS_PROXY',
  'HTTP_PROXY',
  'NO_PROXY',
  'CI',
] as const;
