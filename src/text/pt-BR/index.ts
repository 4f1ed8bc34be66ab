// Every area's Portuguese texts, registered in one piece: loaded (src/cli.ts) only when a run
// speaks Portuguese. An area added to src/text/en/ is added here too (test/text/catalog.test.ts).
import { addPortuguese } from '../catalog.js';
import { accountPortuguese } from './account.js';
import { apiFactsPortuguese } from './api-facts.js';
import { commonPortuguese } from './common.js';
import { payoutPortuguese } from './payout.js';
import { rulesPortuguese } from './rules.js';
import { sellerPortuguese } from './seller.js';
import { sharedPortuguese } from './shared.js';
import { splitPortuguese } from './split.js';

addPortuguese('common', commonPortuguese);
addPortuguese('rules', rulesPortuguese);
addPortuguese('api', apiFactsPortuguese);
addPortuguese('payout', payoutPortuguese);
addPortuguese('shared', sharedPortuguese);
addPortuguese('account', accountPortuguese);
addPortuguese('seller', sellerPortuguese);
addPortuguese('split', splitPortuguese);
