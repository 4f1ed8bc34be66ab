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
