// The interactive `charge create`: each answer checked at its question, a split
// guided to a valid total, the fee/split preview confirmed before anything is sent, and the
// answers printed as a runnable command whenever the person stops.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chargeCreate } from '../../../src/commands/charge/create.js';
import { tokenCard } from '../../../src/commands/token/card.js';
import type { FakeContextOptions } from '../../helpers/fake-context.js';
import { printedCommand, runPrinted } from '../../helpers/printed-command.js';
import { createScriptedPrompter, interrupt } from '../../helpers/prompter.js';
import { run, tempConfigDir } from '../../helpers/run-cli.js';
import { runHandler } from '../../helpers/run-handler.js';
import { useTestSandbox } from '../../helpers/sandbox.js';

const t = useTestSandbox();
/** `paygate charge create ARGV` through its handler on a terminal, against the sandbox. */
const create = (argv: string[], options: Omit<FakeContextOptions, 'env' | 'tty'> = {}) =>
  runHandler(chargeCreate, ['charge', 'create', ...argv], { env: t.env, tty: true, ...options });
const posts = () => t.sandbox.requests.filter((request) => request.method === 'POST');

const firstQuestions = [
  { message: 'Amount', answer: '25,00' },
  { message: 'Description', answer: 'Pedido 9' },
  { message: 'Expires in', answer: '10m' },
  { message: 'Split this charge', answer: true },
];

describe('charge create on a terminal, without --amount', () => {
  it('asks, guides the split to 100%, shows the preview, and creates the charge once confirmed', async () => {
    const prompter = createScriptedPrompter([
      ...firstQuestions,
      { message: 'Split entry', answer: '1002=30%' },
      // Refused at the question, then asked again: the earlier answers stay.
      { message: 'Split entry 2', answer: '1003=15,00', rejectedWith: 'cannot be mixed' },
      { message: 'Split entry 2', answer: '1003=80%', rejectedWith: 'percentages total 110%' },
      { message: 'Split entry 2', answer: 'vendas@parceirobeta.com.br=70%' },
      // 100%: no "Add another split entry?" (another could only break it).
      { message: 'Create this charge?', answer: true },
    ]);
    const result = await create(['--no-qr'], { prompter });
    prompter.assertDone();
    expect(result.code).toBe(0);
    expect(prompter.rejections).toHaveLength(2);
    // Wrapped to the terminal (80 columns), continued lines indented.
    expect(result.stderr).toContain(
      'Split so far: percentages total 30%: they must total 100; add the other 70%,\n' +
        '  e.g. your own share as YOUR_SELLER_ID=70%.',
    );
    for (const line of result.stderr.split('\n').filter((text) => text.startsWith('Split so far'))) {
      expect(line.length).toBeLessThanOrEqual(80);
    }
    expect(result.stderr).toContain('Split so far: percentages total 100%: the split is complete.');
    // The preview shown before the question (fee 3.99% of R$ 25,00 = R$ 1,00; net R$ 24,00).
    expect(result.stderr).toMatch(/Fee\s+R\$ 1,00/);
    expect(result.stderr).toMatch(/seller 1002 \(30%\)\s+R\$ 7,20/);
    expect(result.stderr).toMatch(/Expires in\s+10m 00s/);
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.body).toEqual({
      amount: 2500,
      pix: { description: 'Pedido 9', expires_in: 600 },
      payment_method: 'pix',
      split: [
        { seller_id: 1002, percentage: 30 },
        { seller_id: 1003, percentage: 70 },
      ],
    });
  });

  it("the split's hint names the seller the profile logged in as, when the profile knows it", async () => {
    const configDir = tempConfigDir();
    const profile = {
      base_url: t.env.PAYGATE_BASE_URL,
      secret_key: t.env.PAYGATE_SECRET_KEY,
      seller_id: '1001',
    };
    writeFileSync(join(configDir, 'config.json'), JSON.stringify({ profiles: { default: profile } }), {
      mode: 0o600,
    });
    const prompter = createScriptedPrompter([
      ...firstQuestions,
      { message: 'Split entry', answer: '1002=30%' },
      { message: 'Split entry 2', answer: interrupt },
    ]);
    const result = await runHandler(chargeCreate, ['charge', 'create'], {
      env: { PAYGATE_CONFIG_DIR: configDir },
      tty: true,
      prompter,
    });
    expect(result.code).toBe(130);
    expect(result.stderr).toContain('your own share as 1001=70%.');
    expect(result.stderr).not.toContain('YOUR_SELLER_ID');
  });

  it('a fixed-amount split says what is left for the main seller and may stop at any entry', async () => {
    const prompter = createScriptedPrompter([
      ...firstQuestions,
      { message: 'Split entry', answer: '1002=30,00', rejectedWith: 'more than the charge amount' },
      { message: 'Split entry', answer: '1002=5,00' },
      { message: 'Add another', answer: false },
      { message: 'Create this charge?', answer: true },
    ]);
    const result = await create(['--no-qr'], { prompter });
    prompter.assertDone();
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      'Split so far: fixed amounts total R$ 5,00 of R$ 25,00; you keep R$ 19,00 after\n  the fee.',
    );
    expect(posts()[0]!.body).toMatchObject({ split: [{ seller_id: 1002, amount: 500 }] });
  });

  it('No at the end sends nothing, says so without "error:", and prints the answers as a command that works', async () => {
    const prompter = createScriptedPrompter([
      ...firstQuestions,
      { message: 'Split entry', answer: '1002=30%' },
      { message: 'Split entry 2', answer: "1003=70%:it's ours" },
      { message: 'Create this charge?', answer: false },
    ]);
    const result = await run(['charge', 'create', '--no-qr', '--external-id', 'pedido-9'], {
      env: t.env,
      tty: true,
      prompter,
    });
    prompter.assertDone();
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Cancelled: nothing was sent.');
    expect(result.stderr).not.toContain('error:');
    expect(posts()).toHaveLength(0);
    const line = printedCommand(result.stderr, 'Your answers, as a command to run again:\n');
    expect(line).toBe(
      "paygate charge create --amount 25,00 --description 'Pedido 9' --expires-in 10m --external-id pedido-9 " +
        "--split 1002=30% --split '1003=70%:it'\\''s ours' --no-qr",
    );
    // Run as printed, it sends what the questions would have sent.
    const again = await runPrinted(line, t.env);
    expect(again.code).toBe(0);
    expect(posts()[0]!.body).toEqual({
      amount: 2500,
      external_id: 'pedido-9',
      pix: { description: 'Pedido 9', expires_in: 600 },
      payment_method: 'pix',
      split: [
        { seller_id: 1002, percentage: 30 },
        { seller_id: 1003, percentage: 70, description: "it's ours" },
      ],
    });
  });

  it('Ctrl-C at a question: exit 130, "Cancelled." (no error), and the answers so far as a command', async () => {
    const prompter = createScriptedPrompter([
      { message: 'Amount', answer: '25,00' },
      { message: 'Description', answer: 'Pedido 9' },
      { message: 'Expires in', answer: interrupt },
    ]);
    const result = await run(['charge', 'create'], { env: t.env, tty: true, prompter });
    expect(result.code).toBe(130);
    expect(result.stderr).toMatch(/^Cancelled\.$/m);
    expect(result.stderr).not.toContain('error:');
    expect(printedCommand(result.stderr, 'run again:\n')).toBe(
      "paygate charge create --amount 25,00 --description 'Pedido 9'",
    );
    expect(posts()).toHaveLength(0);
  });

  it('Ctrl-C at the first question prints no empty command', async () => {
    const prompter = createScriptedPrompter([{ message: 'Amount', answer: interrupt }]);
    const result = await create([], { prompter });
    expect(result.code).toBe(130);
    // "Cancelled." is the error's message (the top level prints it); the command printed nothing.
    expect(result.error?.message).toBe('Cancelled.');
    expect(result.stderr).toBe('');
  });

  it('a bare share up to 100 typed at the question is pointed out as centavos', async () => {
    const prompter = createScriptedPrompter([
      ...firstQuestions,
      { message: 'Split entry', answer: '1002=30' },
      { message: 'Add another', answer: false },
      { message: 'Create this charge?', answer: false },
    ]);
    const result = await create([], { prompter });
    expect(result.stderr).toContain('30 is 30 centavos (a bare number is money); for a percentage, type 30%');
  });
});

describe('charge create --method card|boleto on a terminal: each method asks what it needs', () => {
  const chargePosts = () => posts().filter((request) => request.path === '/v1/charges');

  it('card: token, payer, billing address, installments; no PIX question; created, and the answers run as printed', async () => {
    const token = await runHandler(tokenCard, ['token', 'card', '--stdin'], {
      env: t.env,
      globals: { json: true },
      stdin: JSON.stringify({
        number: '4111111111111111',
        holder_name: 'ANA LIMA',
        exp_month: 12,
        exp_year: 2031,
        cvv: '123',
      }),
    });
    const tokenId = JSON.parse(token.stdout).id as string;
    const questions = [
      { message: 'Amount', answer: '80,00' },
      { message: 'The card', answer: 'token' },
      { message: 'Card token', answer: '-', rejectedWith: 'one word' },
      { message: 'Card token', answer: tokenId },
      { message: "Payer's name", answer: 'Ana Lima' },
      { message: 'Billing address', answer: 'Rua A,10,Recife', rejectedWith: 'street' },
      { message: 'Billing address', answer: 'Rua A,10,Recife,PE,50000000' },
      { message: 'Installments', answer: '13', rejectedWith: '1 to 12' },
      { message: 'Installments', answer: '2' },
      { message: 'Split this charge', answer: false },
    ];
    const prompter = createScriptedPrompter([...questions, { message: 'Create this charge?', answer: true }]);
    const result = await create(['--method', 'card'], { prompter });
    prompter.assertDone();
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('Expires in');
    expect(chargePosts()).toHaveLength(1);
    expect(chargePosts()[0]!.body).toEqual({
      amount: 8000,
      payment_method: 'card',
      card: { token: tokenId, installments: 2 },
      customer: {
        name: 'Ana Lima',
        address: { street: 'Rua A', number: '10', city: 'Recife', state: 'PE', zipcode: '50000000' },
      },
    });

    // Stopped at the end: the command printed sends the same request.
    const stopped = createScriptedPrompter([
      ...questions.filter((question) => question.rejectedWith === undefined),
      { message: 'Create this charge?', answer: false },
    ]);
    const cancelled = await create(['--method', 'card'], { prompter: stopped });
    expect(cancelled.code).toBe(2);
    const line = printedCommand(cancelled.stderr, 'Your answers, as a command to run again:\n');
    expect(line).toBe(
      "paygate charge create --amount 80,00 --customer-name 'Ana Lima' --customer-address 'Rua A,10,Recife,PE,50000000' " +
        `--method card --card-token ${tokenId} --installments 2`,
    );
    const again = await runPrinted(line, t.env);
    expect(again.code, again.stderr).toBe(0);
    expect(chargePosts()[1]!.body).toEqual(chargePosts()[0]!.body);
  });

  it('boleto: due date (default +3d), payer, CPF/CNPJ checked at the question; created', async () => {
    const prompter = createScriptedPrompter([
      { message: 'Amount', answer: '150,00' },
      { message: 'Due date', answer: '2020-01-01', rejectedWith: 'past' },
      { message: 'Due date', answer: '' },
      { message: "Payer's name", answer: 'Ana Lima' },
      {
        message: "Payer's CPF or CNPJ",
        answer: '52998224700',
        rejectedWith: 'not a valid CPF: its check digits (the last two) do not match',
      },
      {
        message: "Payer's CPF or CNPJ",
        answer: '5299822',
        rejectedWith: 'not a CPF (11 digits) or CNPJ (14 digits): 7 characters',
      },
      { message: "Payer's CPF or CNPJ", answer: '529.982.247-25' },
      { message: 'Split this charge', answer: false },
      { message: 'Create this charge?', answer: true },
    ]);
    const result = await create(['--method', 'boleto'], { prompter });
    prompter.assertDone();
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('Expires in');
    const body = chargePosts()[0]!.body as { boleto: { due_date: string }; customer: unknown };
    expect(body).toMatchObject({ amount: 15000, payment_method: 'boleto', customer: { name: 'Ana Lima' } });
    expect(body.boleto.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('charge create on a terminal, with a bare --amount below 100', () => {
  it('says it is centavos and asks before creating (default No): No sends nothing, exit 2; Yes creates it', async () => {
    const before = posts().length;
    const refused = await create(['--amount', '15'], {
      prompter: createScriptedPrompter([{ message: 'Create a charge of R$ 0,15?', answer: false }]),
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--amount 15 is 15 centavos, R$ 0,15');
    expect(refused.failure).toBe('Cancelled: nothing was sent.');
    expect(posts()).toHaveLength(before);

    const prompter = createScriptedPrompter([{ message: 'Create a charge of R$ 0,15?', answer: true }]);
    const created = await create(['--amount', '15', '--no-qr'], { prompter });
    expect(created.code, created.failure).toBe(0);
    prompter.assertDone();
    expect(posts().at(-1)!.body).toMatchObject({ amount: 15 });
  });

  it('--yes: says it is centavos and creates it without asking', async () => {
    const prompter = createScriptedPrompter([]);
    const created = await create(['--amount', '15', '--no-qr', '--yes'], { prompter });
    expect(created.code, created.failure).toBe(0);
    prompter.assertDone();
    expect(created.stderr).toContain('--amount 15 is 15 centavos, R$ 0,15');
    expect(posts().at(-1)!.body).toMatchObject({ amount: 15 });
  });
});

describe('charge create on a terminal with some flags: only the missing required values are asked', () => {
  const chargePosts = () => posts().filter((request) => request.path === '/v1/charges');
  const RECIFE = 'Rua da Aurora,325,Apto 1201,Boa Vista,Recife,PE,50050-000';
  const RECIFE_SENT = {
    street: 'Rua da Aurora',
    number: '325',
    complement: 'Apto 1201',
    neighborhood: 'Boa Vista',
    city: 'Recife',
    state: 'PE',
    zipcode: '50050000',
  };
  const CARD = {
    number: '4111111111111111',
    holder_name: 'ANA LIMA',
    exp_month: 12,
    exp_year: 2031,
    cvv: '123',
  };
  const madeToken = async () =>
    JSON.parse(
      (
        await runHandler(tokenCard, ['token', 'card', '--stdin'], {
          env: t.env,
          globals: { json: true },
          stdin: JSON.stringify(CARD),
        })
      ).stdout,
    ).id as string;

  it('card with --amount only: asks the card and the billing address (7 parts), nothing else, and creates it', async () => {
    const tokenId = await madeToken();
    const prompter = createScriptedPrompter([
      { message: 'The card', answer: 'token' },
      { message: 'Card token', answer: tokenId },
      { message: 'Billing address', answer: RECIFE },
    ]);
    const result = await create(['--method', 'card', '--amount', '100.00', '--no-qr'], { prompter });
    prompter.assertDone();
    expect(result.code, result.failure).toBe(0);
    expect(chargePosts()).toHaveLength(1);
    expect(chargePosts()[0]!.body).toEqual({
      amount: 10000,
      payment_method: 'card',
      card: { token: tokenId },
      customer: { address: RECIFE_SENT },
    });
  });

  it('card: "Tokenize a card now" asks the card at hidden prompts, tokenizes it with the public key, and never shows the number', async () => {
    const prompter = createScriptedPrompter([
      { message: 'The card', answer: 'tokenize' },
      { message: 'Card number', answer: CARD.number },
      { message: 'Holder name', answer: CARD.holder_name },
      { message: 'Expiry', answer: '12/31' },
      { message: 'CVV', answer: CARD.cvv },
      { message: 'Billing address', answer: 'Rua A,10,Recife,PE,50000000' },
    ]);
    const result = await create(['--method', 'card', '--amount', '100.00', '--no-qr'], { prompter });
    prompter.assertDone();
    expect(result.code, result.failure).toBe(0);
    const tokenPosts = posts().filter((request) => request.path === '/v1/tokens/card');
    expect(tokenPosts).toHaveLength(1);
    // With the public key (the sandbox records it masked: its last 4 characters).
    expect(String(tokenPosts[0]!.headers.authorization)).toContain(t.env.PAYGATE_PUBLIC_KEY!.slice(-4));
    expect(String(tokenPosts[0]!.headers.authorization)).not.toContain(t.env.PAYGATE_SECRET_KEY!.slice(-4));
    const token = (chargePosts()[0]!.body as { card: { token: string } }).card.token;
    expect(token).toMatch(/^tok_/);
    expect(result.stderr).toContain(`Card tokenized: ${token}`);
    expect(result.stdout + result.stderr).not.toContain(CARD.number);
    expect(result.stdout + result.stderr).not.toContain('1111 1111');
  });

  it('card: without a public key, or with --dry-run, only a typed token is asked (no tokenizing)', async () => {
    const prompter = createScriptedPrompter([
      { message: 'Card token', answer: 'tok_abc123' },
      { message: 'Billing address', answer: RECIFE },
    ]);
    const result = await create(['--method', 'card', '--amount', '100.00', '--dry-run'], { prompter });
    prompter.assertDone();
    expect(result.code, result.failure).toBe(0);
    expect(result.stdout).toContain('Apto 1201');
    const withoutKey = createScriptedPrompter([
      { message: 'Card token', answer: 'tok_abc123' },
      { message: 'Billing address', answer: RECIFE },
    ]);
    await runHandler(
      chargeCreate,
      ['charge', 'create', '--method', 'card', '--amount', '100.00', '--dry-run'],
      {
        env: { ...t.env, PAYGATE_PUBLIC_KEY: undefined },
        tty: true,
        prompter: withoutKey,
      },
    );
    withoutKey.assertDone();
    expect(posts()).toHaveLength(0);
  });

  it('Ctrl-C at the billing address: exit 130, nothing sent, the flags and the answers as a command that works', async () => {
    const tokenId = await madeToken();
    const prompter = createScriptedPrompter([
      { message: 'The card', answer: 'token' },
      { message: 'Card token', answer: tokenId },
      { message: 'Billing address', answer: interrupt },
    ]);
    const result = await run(['charge', 'create', '--method', 'card', '--amount', '100.00'], {
      env: t.env,
      tty: true,
      prompter,
    });
    expect(result.code).toBe(130);
    expect(chargePosts()).toHaveLength(0);
    const line = printedCommand(result.stderr, 'Your answers, as a command to run again:\n');
    expect(line).toBe(`paygate charge create --amount 100.00 --method card --card-token ${tokenId}`);
    // Still missing the address: at a terminal it is asked, and nothing more.
    const rest = createScriptedPrompter([{ message: 'Billing address', answer: RECIFE }]);
    const again = await runPrinted(line, t.env, { tty: true, prompter: rest });
    rest.assertDone();
    expect(again.code, again.stderr).toBe(0);
    expect(chargePosts()[0]!.body).toMatchObject({
      card: { token: tokenId },
      customer: { address: RECIFE_SENT },
    });
  });

  it('boleto with --amount only: asks due date, payer name and CPF/CNPJ, then creates it', async () => {
    const prompter = createScriptedPrompter([
      { message: 'Due date', answer: '+5d' },
      { message: "Payer's name", answer: 'Ana Lima' },
      { message: "Payer's CPF or CNPJ", answer: '529.982.247-25' },
    ]);
    const result = await create(['--method', 'boleto', '--amount', '150.00', '--no-qr'], { prompter });
    prompter.assertDone();
    expect(result.code, result.failure).toBe(0);
    expect(chargePosts()[0]!.body).toMatchObject({
      amount: 15000,
      payment_method: 'boleto',
      customer: { name: 'Ana Lima', document: '52998224725' },
    });
  });

  it('card with --amount and --installments: the token is still what is missing, and asked for', async () => {
    // A --dry-run sends no card: only a typed token is asked.
    const prompter = createScriptedPrompter([
      { message: 'Card token', answer: 'tok_abc123' },
      { message: 'Billing address', answer: RECIFE },
    ]);
    const result = await create(
      ['--method', 'card', '--amount', '100.00', '--installments', '3', '--dry-run'],
      {
        prompter,
      },
    );
    prompter.assertDone();
    expect(result.code, result.failure).toBe(0);
    expect(result.stdout).toContain('tok_abc123');
  });

  it('a flag that breaks a rule is reported, nothing asked', async () => {
    const result = await create(['--method', 'card', '--amount', '100.00', '--installments', '13']);
    expect(result.code).toBe(2);
    expect(result.error?.message).toContain('3 problems, nothing was sent');
    expect(result.error?.message).toContain('--card-token: a card token is required');
    expect(result.error?.message).toContain('--installments: must be a whole number from 1 to 12');
    expect(posts()).toHaveLength(0);
  });

  it.each([
    ['without a terminal', () => ({ env: t.env, tty: false })],
    ['with --no-input', () => ({ env: t.env, tty: true, globals: { input: false } })],
    ['with CI set', () => ({ env: { ...t.env, CI: 'true' }, tty: true })],
  ])(
    '%s, a card with --amount only is the usage error naming each flag, unchanged (no prompt)',
    async (_case, options) => {
      const result = await runHandler(
        chargeCreate,
        ['charge', 'create', '--method', 'card', '--amount', '100.00'],
        {
          ...options(),
          prompter: createScriptedPrompter([]),
        },
      );
      expect(result.code).toBe(2);
      expect(result.error?.message).toBe(
        '2 problems, nothing was sent:\n' +
          '  - --card-token: a card charge needs a card token (tok_… from `paygate token card`)\n' +
          '  - --customer-address: the billing address is required for a card charge',
      );
      expect(posts()).toHaveLength(0);
    },
  );
});
