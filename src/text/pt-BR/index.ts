// Every area's Portuguese texts, registered in one piece: loaded (src/cli.ts) only when a run
// speaks Portuguese. An area added to src/text/en/ is added here too (test/text/catalog.test.ts).
import { addPortuguese, addPortugueseHelp } from '../catalog.js';
import { apiCommandPortuguese } from './api-command.js';
import { apiFactsPortuguese } from './api-facts.js';
import { authPortuguese } from './auth.js';
import { commonPortuguese } from './common.js';
import { configCommandPortuguese } from './config-command.js';
import { accountHelp } from './help-account.js';
import { authHelp } from './help-auth.js';
import { configHelp } from './help-config.js';
import { payoutHelp } from './help-payout.js';
import { sellerHelp } from './help-seller.js';
import { settingsHelp } from './help-settings.js';
import { splitHelp } from './help-split.js';
import { rulesPortuguese } from './rules.js';
import { webhookPortuguese } from './webhook.js';

addPortuguese('common', commonPortuguese);
addPortuguese('rules', rulesPortuguese);
addPortuguese('api', apiFactsPortuguese);
addPortuguese('config-command', configCommandPortuguese);
addPortuguese('auth', authPortuguese);
addPortuguese('webhook', webhookPortuguese);
addPortuguese('api-command', apiCommandPortuguese);
addPortugueseHelp(payoutHelp);
addPortugueseHelp(accountHelp);
addPortugueseHelp(sellerHelp);
addPortugueseHelp(splitHelp);
addPortugueseHelp(authHelp);
addPortugueseHelp(configHelp);
addPortugueseHelp(settingsHelp);
