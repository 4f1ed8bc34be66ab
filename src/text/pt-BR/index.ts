// Every area's Portuguese texts, registered in one piece: loaded (src/cli.ts) only when a run
// speaks Portuguese. An area added to src/text/en/ is added here too (test/text/catalog.test.ts).
import { addPortuguese, addPortugueseHelp } from '../catalog.js';
import { apiFactsPortuguese } from './api-facts.js';
import { commonPortuguese } from './common.js';
import { apiHelpPortuguese } from './help-api.js';
import { boletoHelpPortuguese } from './help-boleto.js';
import { chargeHelpPortuguese } from './help-charge.js';
import { completionHelpPortuguese } from './help-completion.js';
import { demoHelpPortuguese } from './help-demo.js';
import { programHelpPortuguese } from './help-program.js';
import { sandboxHelpPortuguese } from './help-sandbox.js';
import { tokenHelpPortuguese } from './help-token.js';
import { webhookHelpPortuguese } from './help-webhook.js';
import { programPortuguese } from './program.js';
import { rulesPortuguese } from './rules.js';
import { topicsPortuguese } from './topics.js';

addPortuguese('common', commonPortuguese);
addPortuguese('rules', rulesPortuguese);
addPortuguese('api', apiFactsPortuguese);
addPortuguese('program', programPortuguese);
addPortuguese('topics', topicsPortuguese);
addPortugueseHelp(apiHelpPortuguese);
addPortugueseHelp(boletoHelpPortuguese);
addPortugueseHelp(chargeHelpPortuguese);
addPortugueseHelp(completionHelpPortuguese);
addPortugueseHelp(demoHelpPortuguese);
addPortugueseHelp(programHelpPortuguese);
addPortugueseHelp(sandboxHelpPortuguese);
addPortugueseHelp(tokenHelpPortuguese);
addPortugueseHelp(webhookHelpPortuguese);
