// What the API client reports, said as sentences: src/api/ raises the fact (errors.ts
// `apiFact`), these are its words. Each key is a fact's name.
import { englishTexts } from '../catalog.js';

const apiFactsEnglish = {
  gatewayAnswered: 'the gateway answered {status}',
} as const;

export type ApiFactsEnglish = typeof apiFactsEnglish;
export const sayApiFact = englishTexts('api', apiFactsEnglish);
