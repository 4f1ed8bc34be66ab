// Every area's Portuguese texts, registered here: loaded (src/cli.ts) only when a run speaks
// Portuguese. As built, a registered area is a function that reads its texts on the first one said
// (src/text/catalog.ts), so a run reads only the areas it says; the build writes this module's
// registrations with each area's read in place of its import, inside dist/start.js, so that a
// pt-BR run loads no code of its own (scripts/build.mjs, LAZY_IN_START): keep each area one
// `import { name } from './file.js';` and one `addPortuguese('area', name);` or
// `addPortugueseHelp(name);`, the only forms the build reads. An area added to src/text/en/ is
// added here too, one line each (test/text/catalog.test.ts).
import { addPortuguese, addPortugueseHelp } from '../catalog.js';
import { accountPortuguese } from './account.js';
import { apiCommandPortuguese } from './api-command.js';
import { apiFactsPortuguese } from './api-facts.js';
import { authPortuguese } from './auth.js';
import { boletoPortuguese } from './boleto.js';
import { chargePortuguese } from './charge.js';
import { commonPortuguese } from './common.js';
import { configPortuguese } from './config.js';
import { configCommandPortuguese } from './config-command.js';
import { contextPortuguese } from './context.js';
import { demoPortuguese } from './demo.js';
import { accountHelp } from './help-account.js';
import { apiHelpPortuguese } from './help-api.js';
import { authHelp } from './help-auth.js';
import { boletoHelpPortuguese } from './help-boleto.js';
import { chargeHelpPortuguese } from './help-charge.js';
import { completionHelpPortuguese } from './help-completion.js';
import { configHelp } from './help-config.js';
import { demoHelpPortuguese } from './help-demo.js';
import { payoutHelp } from './help-payout.js';
import { placeholdersHelpPortuguese } from './help-placeholders.js';
import { programHelpPortuguese } from './help-program.js';
import { sandboxHelpPortuguese } from './help-sandbox.js';
import { sellerHelp } from './help-seller.js';
import { settingsHelp } from './help-settings.js';
import { splitHelp } from './help-split.js';
import { tokenHelpPortuguese } from './help-token.js';
import { webhookHelpPortuguese } from './help-webhook.js';
import { journalPortuguese } from './journal.js';
import { nextStepsPortuguese } from './next-steps.js';
import { outputPortuguese } from './output.js';
import { payoutPortuguese } from './payout.js';
import { programPortuguese } from './program.js';
import { rulesPortuguese } from './rules.js';
import { sandboxCommandPortuguese } from './sandbox-command.js';
import { sandboxServerPortuguese } from './sandbox-server.js';
import { sellerPortuguese } from './seller.js';
import { sharedPortuguese } from './shared.js';
import { splitPortuguese } from './split.js';
import { statusPortuguese } from './status.js';
import { tokenPortuguese } from './token.js';
import { topicsPortuguese } from './topics.js';
import { webhookPortuguese } from './webhook.js';

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
addPortuguese('next-steps', nextStepsPortuguese);
addPortuguese('config', configPortuguese);
addPortuguese('context', contextPortuguese);
addPortuguese('journal', journalPortuguese);
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
addPortugueseHelp(placeholdersHelpPortuguese);
addPortuguese('payout', payoutPortuguese);
addPortuguese('shared', sharedPortuguese);
addPortuguese('account', accountPortuguese);
addPortuguese('seller', sellerPortuguese);
addPortuguese('split', splitPortuguese);
addPortuguese('output', outputPortuguese);
addPortuguese('status', statusPortuguese);
addPortuguese('demo', demoPortuguese);
addPortuguese('sandbox-command', sandboxCommandPortuguese);
addPortuguese('sandbox-server', sandboxServerPortuguese);
addPortuguese('charge', chargePortuguese);
addPortuguese('boleto', boletoPortuguese);
addPortuguese('token', tokenPortuguese);
