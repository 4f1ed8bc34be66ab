import { portuguese } from '../catalog.js';
import type { ApiFactsEnglish } from '../en/api-facts.js';

export const apiFactsPortuguese = portuguese<ApiFactsEnglish>()({
  gatewayAnswered: 'o gateway respondeu {status}',
});
