// Every area's Portuguese texts, registered in one piece: loaded (src/cli.ts) only when a run
// speaks Portuguese. An area added to src/text/en/ is added here too (test/text/catalog.test.ts).
import { addPortuguese } from '../catalog.js';
import { apiFactsPortuguese } from './api-facts.js';
import { boletoPortuguese } from './boleto.js';
import { chargePortuguese } from './charge.js';
import { commonPortuguese } from './common.js';
import { rulesPortuguese } from './rules.js';
import { tokenPortuguese } from './token.js';

addPortuguese('common', commonPortuguese);
addPortuguese('rules', rulesPortuguese);
addPortuguese('api', apiFactsPortuguese);
addPortuguese('charge', chargePortuguese);
addPortuguese('boleto', boletoPortuguese);
addPortuguese('token', tokenPortuguese);
