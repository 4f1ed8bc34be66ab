// A broken rule the domain lists rather than throws (a request issue, a card problem, a note): its
// fact said as the error raised for it would say it, in the run's language (docs/language.md).
import { type Fact, UsageError } from '../errors.js';

export function sentenceOf(fact: Fact): string {
  return new UsageError(fact).message;
}
