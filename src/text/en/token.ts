// Words of `token card` (src/commands/token/): its prompts, its errors and its labels. Labels are
// for people: csv and plain keep the English ones (`tokenLabel`), the same bytes for scripts.
import { englishTexts } from '../catalog.js';
import { sayFor } from '../in-english.js';

const tokenEnglish = {
  stdinNotJson:
    '--stdin: the input is not valid JSON (expected {"number","holder_name","exp_month","exp_year","cvv"})',
  stdinTooDeep:
    '--stdin: the input is nested deeper than {depth} levels (expected {"number","holder_name","exp_month","exp_year","cvv"})',
  stdinNotObject: '--stdin: expected a JSON object {"number","holder_name","exp_month","exp_year","cvv"}',
  mustBeString: '{name}: must be a string',
  isRequired: '{name}: is required',
  expiryFormat: 'expiry: use MM/YY (e.g. 09/28)',
  promptNumber: 'Card number',
  promptHolder: 'Holder name (as on the card)',
  promptExpiry: 'Expiry (MM/YY)',
  promptCvv: 'CVV',
  expiryExample: 'use MM/YY, e.g. 09/28',
  problemsNothingSent: '{problems}; nothing was sent',
  noArguments: 'token card takes no arguments: card data comes from the prompts or --stdin (JSON)',
  stdinRequired:
    '--stdin is required without a terminal: pipe the card as JSON {"number","holder_name","exp_month","exp_year","cvv"} (never as flags)',
  labelToken: 'Token',
  labelBrand: 'Brand',
  labelLast4: 'Last 4',
  labelExpiry: 'Expiry',
} as const;

export type TokenEnglish = typeof tokenEnglish;
export const sayToken = englishTexts('token', tokenEnglish);

type TokenLabel = 'labelToken' | 'labelBrand' | 'labelLast4' | 'labelExpiry';

/** A label for people (the run's language) or for scripts (csv, plain: always the English one). */
export function tokenLabel(key: TokenLabel, forPeople: boolean): string {
  // Through the area's say function: the built catalog makes its texts on first use.
  return sayFor(sayToken, forPeople)(key);
}
