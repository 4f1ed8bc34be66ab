// Every area's Portuguese texts, registered in one piece: loaded (src/cli.ts) only when a run
// speaks Portuguese. An area added to src/text/en/ is added here too (test/text/catalog.test.ts).
import { addPortuguese } from '../catalog.js';
import { apiFactsPortuguese } from './api-facts.js';
import { commonPortuguese } from './common.js';
import { demoPortuguese } from './demo.js';
import { outputPortuguese } from './output.js';
import { rulesPortuguese } from './rules.js';
import { sandboxCommandPortuguese } from './sandbox-command.js';
import { sandboxServerPortuguese } from './sandbox-server.js';
import { statusPortuguese } from './status.js';

addPortuguese('common', commonPortuguese);
addPortuguese('rules', rulesPortuguese);
addPortuguese('api', apiFactsPortuguese);
addPortuguese('output', outputPortuguese);
addPortuguese('status', statusPortuguese);
addPortuguese('demo', demoPortuguese);
addPortuguese('sandbox-command', sandboxCommandPortuguese);
addPortuguese('sandbox-server', sandboxServerPortuguese);
