#!/usr/bin/env node
// Thin entry: the program lives in dist/ (built by `npm run build`, run by `npm install`).
import module from 'node:module';

// Node >= 22.1 caches compiled code between runs: a large share of start-up time.
module.enableCompileCache?.();
const { main } = await import('../dist/main.js');
process.exitCode = await main(process.argv.slice(2));
