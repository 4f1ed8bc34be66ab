// Bad local input is a clear exit 2 naming where it came from, with nothing sent:
// a key with a line break inside, JSON nested past any real body in every input that takes JSON.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run, tempConfigDir } from '../helpers/run-cli.js';
import { useTestSandbox } from '../helpers/sandbox.js';

const sandbox = useTestSandbox();
const deepJson = `${'['.repeat(6000)}${']'.repeat(6000)}`;
const deepObject = `{"amount":1000,"metadata":${'{"a":'.repeat(6000)}1${'}'.repeat(6000)}}`;

describe('keys', () => {
  it('a line break inside PAYGATE_SECRET_KEY is exit 2 naming the variable; nothing sent, the key never shown', async () => {
    const key = `${sandbox.main.secret_key.slice(0, 10)}\n${sandbox.main.secret_key.slice(10)}`;
    const result = await run(['balance'], { env: { ...sandbox.env, PAYGATE_SECRET_KEY: key } });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: PAYGATE_SECRET_KEY: a key is one line of visible characters/);
    expect(result.stderr).not.toContain(sandbox.main.secret_key.slice(10));
    expect(sandbox.sandbox.requests).toHaveLength(0);
  });

  it('a key with a trailing CRLF (a key file from Windows) is used trimmed', async () => {
    const result = await run(['balance', '--json'], {
      env: { ...sandbox.env, PAYGATE_SECRET_KEY: `${sandbox.main.secret_key}\r\n` },
    });
    expect(result.code).toBe(0);
    expect(sandbox.sandbox.requests).toHaveLength(1);
  });
});

describe('JSON nested deeper than 1000 levels', () => {
  it('api --data: exit 2 naming --data, nothing sent', async () => {
    const result = await run(['api', 'POST', '/v1/charges', '--data', deepJson], { env: sandbox.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: --data: the body is nested deeper than 1000 levels\n');
    expect(sandbox.sandbox.requests).toHaveLength(0);
  });

  it('charge create --from-file: exit 2 naming the flag, nothing sent', async () => {
    const file = join(tempConfigDir(), 'body.json');
    writeFileSync(file, deepObject);
    const result = await run(['charge', 'create', '--from-file', file, '--no-input'], { env: sandbox.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--from-file');
    expect(result.stderr).toContain('nested deeper than 1000 levels');
    expect(sandbox.sandbox.requests).toHaveLength(0);
  });

  it('token card --stdin: exit 2, the input never quoted', async () => {
    const result = await run(['token', 'card', '--stdin'], { env: sandbox.env, stdin: deepJson });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--stdin: the input is nested deeper than 1000 levels');
    expect(sandbox.sandbox.requests).toHaveLength(0);
  });

  it('a config.json nested that deep: a clear message naming the file, never a stack overflow', async () => {
    const dir = tempConfigDir();
    writeFileSync(join(dir, 'config.json'), deepObject, { mode: 0o600 });
    const result = await run(['config', 'list'], { env: { PAYGATE_CONFIG_DIR: dir } });
    expect(result.code).not.toBe(1);
    expect(result.stderr).toContain(join(dir, 'config.json'));
    expect(result.stderr).toContain('nested deeper than 1000 levels');
  });
});
