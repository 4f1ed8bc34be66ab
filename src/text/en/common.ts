// Words every command may print: the prefixes of an error line, the defaults of errors.ts.
import { englishTexts } from '../catalog.js';

const commonEnglish = {
  errorPrefix: 'error: ',
  hintPrefix: 'hint: ',
  warningPrefix: 'warning:',
  internalError: 'internal error: {message}',
  internalErrorHint: 'run again with --debug for details',
  outputNotWritten:
    'the output could not be written ({reason}): what the command did stands, its output is lost',
  interrupted: 'interrupted.',
  cancelledNothingSent: 'Cancelled: nothing was sent.',
} as const;

export type CommonEnglish = typeof commonEnglish;
export const sayCommon = englishTexts('common', commonEnglish);
