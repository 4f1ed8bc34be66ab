// The rules of input that the domain and the schemas check, said as sentences: those layers raise
// the fact (errors.ts `ruleBroken`), these are its words. Each key is a rule's name.
import { englishTexts } from '../catalog.js';

const rulesEnglish = {
  mustBeOneOf: '{field}: must be one of {values}',
} as const;

export type RulesEnglish = typeof rulesEnglish;
export const sayRule = englishTexts('rules', rulesEnglish);
