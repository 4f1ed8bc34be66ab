import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tokenCard } from '../../../src/commands/token/card.js';
import type { FakeContextOptions } from '../../helpers/fake-context.js';
import { createScriptedPrompter } from '../../helpers/prompter.js';
import { run } from '../../helpers/run-cli.js';
import { runHandler } from '../../helpers/run-handler.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

const NUMBER = '4111111111111111';
const NOW = Date.parse('2026-11-22T12:00:00Z');
const clock = { now: () => NOW };
const card = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    number: NUMBER,
    holder_name: 'Maria Silva',
    exp_month: 9,
    exp_year: 2028,
    cvv: '123',
    ...overrides,
  });

let ts: TestSandbox;
beforeAll(async () => {
  ts = await startTestSandbox();
});
afterAll(async () => ts.close());

/** `paygate token card ARGV` through its handler, against the sandbox at the fixed clock. */
const tokenize = (argv: string[], options: Omit<FakeContextOptions, 'env' | 'clock'> = {}) =>
  runHandler(tokenCard, ['token', 'card', ...argv], { env: ts.env, clock, ...options });

const tokenPosts = () =>
  ts.sandbox.requests.filter((request) => request.path.endsWith('/tokens/card')).length;

describe('token card', () => {
  test('JSON on stdin with --stdin: prints the token; uses the public key', async () => {
    const result = await tokenize(['--stdin'], { stdin: card() });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Token\s+tok_/);
    expect(result.stdout).toMatch(/Brand\s+visa/);
    expect(result.stdout).toMatch(/Last 4\s+1111/);
    expect(result.stdout).toMatch(/Expiry\s+09\/2028/);
    const request = ts.sandbox.requests.at(-1)!;
    expect(String(request.headers.authorization)).toContain(ts.main.public_key.slice(-4));
    expect(String(request.headers.authorization)).not.toContain(ts.main.secret_key.slice(-4));
    const json = await tokenize(['--stdin'], { stdin: card({ exp_year: 28 }), globals: { json: true } });
    expect(JSON.parse(json.stdout)).toMatchObject({
      brand: 'visa',
      last4: '1111',
      exp_month: 9,
      exp_year: 2028,
    });
  });

  test('the card number never reaches stdout or stderr, --debug included', async () => {
    for (const argv of [
      ['token', 'card', '--stdin', '--debug'],
      ['token', 'card', '--stdin', '--debug', '--json'],
    ]) {
      const result = await run(argv, { env: ts.env, stdin: card({ number: '4111 1111 1111 1111' }), clock });
      expect(result.code).toBe(0);
      expect(result.stderr).toContain('POST');
      for (const text of [result.stdout, result.stderr]) {
        expect(text).not.toContain(NUMBER);
        expect(text).not.toContain('4111 1111 1111 1111');
        expect(text).not.toContain('"123"');
      }
    }
    // Not in a failure either: invalid JSON, a bad Luhn digit, an expired card.
    for (const stdin of [`${card()}}`, card({ number: '4111111111111112' }), card({ exp_year: 2025 })]) {
      const result = await run(['token', 'card', '--stdin', '--debug'], { env: ts.env, stdin, clock });
      expect(result.code).toBe(2);
      expect(result.stdout + result.stderr).not.toContain('411111111111111');
    }
  });

  test('local checks name the field (exit 2) and send nothing', async () => {
    const before = tokenPosts();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ number: '4111111111111112' }, 'number:'],
      [{ exp_month: 13 }, 'exp_month:'],
      [{ exp_year: 2026, exp_month: 10 }, 'exp_month: card expired in 10/2026'],
      [{ exp_year: 2025 }, 'exp_year: card expired'],
      [{ cvv: '12' }, 'cvv:'],
      [{ holder_name: ' ' }, 'holder_name'],
      [{ number: undefined }, 'number: is required'],
    ];
    for (const [overrides, message] of cases) {
      const result = await tokenize(['--stdin'], { stdin: card(overrides) });
      expect(result.code, message).toBe(2);
      expect(result.error?.message).toContain(message);
    }
    expect(tokenPosts()).toBe(before);
  });

  test('on a terminal: hidden prompts for number and CVV', async () => {
    const prompter = createScriptedPrompter([
      { message: 'Card number', answer: NUMBER },
      { message: 'Holder name', answer: 'Maria Silva' },
      { message: 'Expiry (MM/YY)', answer: '09/28' },
      { message: 'CVV', answer: '123' },
    ]);
    const passwords: string[] = [];
    const spying = {
      ...prompter,
      password: (options: { message: string }) => {
        passwords.push(options.message);
        return prompter.password(options);
      },
    };
    const result = await tokenize([], { tty: true, prompter: spying });
    prompter.assertDone();
    expect(result.code, result.stderr).toBe(0);
    expect(passwords).toEqual(['Card number', 'CVV']);
    expect(result.stdout + result.stderr).not.toContain(NUMBER);
  });

  test('without a terminal and without --stdin: exit 2 naming --stdin; card data is never an argument', async () => {
    const noTty = await tokenize([]);
    expect(noTty.code).toBe(2);
    expect(noTty.error?.message).toContain('--stdin');
    // An argument is commander's own refusal: the whole CLI, as a user types it.
    const asArgument = await run(['token', 'card', NUMBER], { env: ts.env, clock });
    expect(asArgument.code).toBe(2);
    expect(asArgument.stdout + asArgument.stderr).not.toContain(NUMBER);
  });
});
