import { portuguese } from '../catalog.js';
import type { RulesEnglish } from '../en/rules.js';

export const rulesPortuguese = portuguese<RulesEnglish>()({
  mustBeOneOf: '{field}: deve ser um destes: {values}',
});
