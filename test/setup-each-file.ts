// Runs before each test file. Test files share their worker's modules (vitest.config.ts), so
// what one file leaves in a module's state the next one would find: each file starts as a fresh
// process would. The language is the one such state (src/text/catalog.ts): a run in Portuguese,
// or speakPortuguese() in a test, leaves it chosen.
import { useLanguage } from '../src/text/catalog.js';

useLanguage('en');
