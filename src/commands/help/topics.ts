// `paygate help <topic>`: the contract for scripts, in the terminal. A topic's words are said
// when read (src/text/en/topics.ts), in the run's language.
import { helpText } from '../../text/catalog.js';
import { sayTopics } from '../../text/en/topics.js';
import { helpKey } from '../../text/help-keys.js';
import { finalStatusWords } from './final-statuses.js';

export interface HelpTopic {
  /** One line, for the list of topics (completions). */
  readonly summary: string;
  /** The page `paygate help <topic>` prints. */
  readonly text: string;
}

/** A topic whose summary and page are said in the language of the run that reads them. */
function topic(name: string, summary: string, text: () => string): HelpTopic {
  return {
    get summary() {
      return helpText(helpKey.topic(name), summary);
    },
    get text() {
      return text();
    },
  };
}

export const helpTopics: Readonly<Record<string, HelpTopic>> = {
  'exit-codes': topic('exit-codes', 'What each exit code means', () => {
    // Exit 7 names the statuses that end in failure, from src/domain/status.ts.
    const { chargeFailure, payoutFailure } = finalStatusWords();
    return sayTopics('exitCodes', { chargeFailure, payoutFailure });
  }),
  environment: topic('environment', 'Environment variables paygate reads', () => sayTopics('environment')),
};
