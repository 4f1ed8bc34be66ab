import { describe, expect, it } from 'vitest';
import { run } from '../helpers/run-cli.js';

describe('subcommand help', () => {
  it('lists the global options too', async () => {
    const result = await run(['charge', 'get', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Global Options:\n(?:.*\n)* {2}--profile <name> /);
    expect(result.stdout).toContain('--excel');
  });
});

describe('charge help', () => {
  it('names the three methods charge create makes, in its title and in the charge list', async () => {
    const create = await run(['charge', 'create', '--help']);
    expect(create.stdout.split('\n')[2]).toBe('Create a charge: PIX (default), card or boleto');
    const group = await run(['charge', '--help']);
    expect(group.stdout).toMatch(
      /^ {2}create \[options\] +Create a charge: PIX \(default\), card or boleto$/m,
    );
    const program = await run(['--help']);
    expect(program.stdout).toMatch(/^ {2}charge +Create, watch and look up charges$/m);
  });
});
