// Every area's Portuguese texts, registered in one piece: loaded (src/cli.ts) only when a run
// speaks Portuguese. An area added to src/text/en/ is added here too (test/text/catalog.test.ts).
import { addPortuguese } from '../catalog.js';
import { apiFactsPortuguese } from './api-facts.js';
import { commonPortuguese } from './common.js';
import { configPortuguese } from './config.js';
import { contextPortuguese } from './context.js';
import { journalPortuguese } from './journal.js';
import { nextStepsPortuguese } from './next-steps.js';
import { rulesPortuguese } from './rules.js';

addPortuguese('common', commonPortuguese);
addPortuguese('rules', rulesPortuguese);
addPortuguese('api', apiFactsPortuguese);
addPortuguese('next-steps', nextStepsPortuguese);
addPortuguese('config', configPortuguese);
addPortuguese('context', contextPortuguese);
addPortuguese('journal', journalPortuguese);
