// A refusal is a refusal, in any dialect: a JSON 4xx (not 408/429) to a create is the gateway
// saying no, whatever shape its error has. Nothing was made (exit 3, 4 for 401/403), the key stays
// free (a rerun pays, reconcile has nothing to settle) and the gateway's own message is shown.
// Reads get the same message reading and the exit code of their status.
// The commands run at the run layer (handlers' parse and run, a fake context, the scripted
// gateway); whole-CLI runs stay for how a refusal is printed: the --json error object with the
// gateway's message and code, and the `error: …` line of a read.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chargeCreate } from '../../../src/commands/charge/create.js';
import { chargeGet } from '../../../src/commands/charge/get.js';
import { payoutCreate } from '../../../src/commands/payout/create.js';
import { payoutReconcile } from '../../../src/commands/payout/reconcile.js';
import { json, ok, type SeenRequest, startServer, type TestServer } from '../../api/helpers.js';
import { accountJournalOf } from '../../helpers/journal.js';
import { run, tempConfigDir } from '../../helpers/run-cli.js';
import { runHandler } from '../../helpers/run-handler.js';

interface Refusal {
  status: number;
  body: unknown;
  contentType?: string;
}

let server: TestServer;
/** What the next POST /v1/payouts gets; undefined: the payout is made. */
let refusal: Refusal | undefined;
let made = 0;
beforeAll(async () => {
  server = await startServer((req, res) => {
    const { status, body, contentType } = answer(req);
    json(res, status, body, contentType ? { 'content-type': contentType } : {});
  });
});
afterAll(async () => server.close());
beforeEach(() => {
  refusal = undefined;
  made = 0;
  server.requests.length = 0;
});

/** The answer to one request: a status and a JSON body. */
function answer(req: SeenRequest): Refusal {
  const path = new URL(req.url, 'http://x').pathname;
  if (req.method === 'GET' && path === '/v1/account')
    return { status: 200, body: ok({ seller_id: 'sel_dialects', name: 'Loja' }) };
  if (req.method === 'GET' && path === '/v1/balance')
    return { status: 200, body: ok({ available: 1_000_000, pending: 0, reserved: 0 }) };
  if (req.method === 'GET' && (path === '/v1/payouts' || path === '/v1/charges'))
    return { status: 200, body: ok([], { has_more: false }) };
  if (req.method === 'POST' && path === '/v1/charges')
    return {
      status: 400,
      body: { errors: [{ code: 'invalid_customer', description: 'CPF do pagador inválido' }] },
    };
  if (req.method === 'POST' && path === '/v1/payouts') {
    if (refusal) return refusal;
    made++;
    const sent = JSON.parse(req.body) as { amount: number; description?: string };
    return {
      status: 201,
      body: ok({ id: `po_${made}`, status: 'pending', amount: sent.amount, description: sent.description }),
    };
  }
  if (req.method === 'GET' && path === '/v1/charges/ch_missing')
    return { status: 404, body: { error: 'Cobrança não encontrada' } };
  if (req.method === 'GET' && path === '/v1/charges/ch_forbidden')
    return { status: 403, body: { message: 'Acesso negado para esta conta' } };
  return {
    status: 404,
    body: { success: false, error: { type: 'not_found_error', code: 'nf', message: 'no route' } },
  };
}

const posts = () => server.requests.filter((request) => request.method === 'POST').length;

const DIALECTS: Array<[string, Refusal, string, string | undefined]> = [
  [
    'Asaas errors[].description',
    {
      status: 400,
      body: { errors: [{ code: 'invalid_value', description: 'Saldo insuficiente para a transferência.' }] },
    },
    'Saldo insuficiente para a transferência.',
    'invalid_value',
  ],
  [
    'Woovi error as text',
    { status: 400, body: { error: 'Saldo insuficiente' } },
    'Saldo insuficiente',
    undefined,
  ],
  [
    'Efí nome/mensagem',
    {
      status: 400,
      body: { nome: 'saldo_insuficiente', mensagem: 'Saldo insuficiente para realizar o envio.' },
    },
    'Saldo insuficiente para realizar o envio.',
    'saldo_insuficiente',
  ],
  [
    'Mercado Pago message/cause',
    {
      status: 400,
      body: {
        message: 'invalid amount',
        error: 'bad_request',
        status: 400,
        cause: [{ code: 3034, description: 'Amount above the limit' }],
      },
    },
    'invalid amount: Amount above the limit',
    'bad_request',
  ],
  [
    'BCB problem+json with violacoes',
    {
      status: 400,
      contentType: 'application/problem+json',
      body: {
        type: 'https://pix.bcb.gov.br/api/v2/error/PixOperacaoInvalida',
        title: 'Operação inválida.',
        status: 400,
        detail: 'A requisição não respeita o schema.',
        violacoes: [{ razao: 'acima do saldo disponível', propriedade: 'valor' }],
      },
    },
    'Operação inválida: A requisição não respeita o schema.; valor: acima do saldo disponível',
    undefined,
  ],
  [
    'Pagar.me message with its errors object of arrays',
    {
      status: 422,
      body: {
        message: 'The request is invalid.',
        errors: { amount: ['The amount requested is greater than the available balance.'] },
      },
    },
    'The request is invalid: The amount requested is greater than the available balance.',
    undefined,
  ],
  [
    "Efí's {nome, mensagem} wrapped in the failure envelope",
    {
      status: 400,
      body: {
        success: false,
        error: { nome: 'saldo_insuficiente', mensagem: 'Saldo insuficiente para realizar o envio.' },
      },
    },
    'Saldo insuficiente para realizar o envio.',
    'saldo_insuficiente',
  ],
  [
    'words where no dialect puts them',
    { status: 400, body: { erro: 'Saldo insuficiente', errorCode: 'E42', request_id: 'req_1' } },
    'erro: Saldo insuficiente',
    undefined,
  ],
  [
    'a 422 with error.message',
    { status: 422, body: { error: { message: 'Conta bloqueada', code: 'blocked' } } },
    'Conta bloqueada',
    'blocked',
  ],
];

describe('payout create --key refused in the gateway own dialect', () => {
  it.each(DIALECTS)('%s: exit 3, its message shown, the key free', async (_name, answer, message, code) => {
    const env = {
      PAYGATE_BASE_URL: server.url,
      PAYGATE_SECRET_KEY: 'sk_test_dialects_0123456789',
      PAYGATE_CONFIG_DIR: tempConfigDir(),
    };
    const create = ['payout', 'create', '--amount', '50.00', '--key', 'sweep-1', '--yes'];
    refusal = answer;
    const refused = await runHandler(payoutCreate, create, { env });
    expect(refused.code, refused.failure).toBe(3);
    expect(refused.error?.message).toContain(message);
    expect(refused.failure).not.toContain('outcome unknown');
    expect(refused.failure).not.toContain('did not come from the gateway API');
    expect((await (await accountJournalOf(env)).read('sweep-1'))?.state).not.toMatch(/^(sent|unknown)$/);

    const asJson = await run([...create, '--json'], { env });
    expect(asJson.code).toBe(3);
    const error = JSON.parse(asJson.stderr.trim().split('\n').pop()!).error;
    expect(error.message).toBe(message);
    if (code !== undefined) expect(error.code).toBe(code);

    // Reconcile has nothing to settle; a rerun, once the gateway accepts, pays.
    const reconcile = await runHandler(payoutReconcile, ['payout', 'reconcile', '--key', 'sweep-1'], { env });
    expect(reconcile.code, reconcile.failure).toBe(0);
    refusal = undefined;
    const before = posts();
    const rerun = await runHandler(payoutCreate, create, { env });
    expect(rerun.code, rerun.failure).toBe(0);
    expect(posts()).toBe(before + 1);
    expect(made).toBe(1);
  });

  it.each([
    [401, { message: 'Token inválido' }, 'Token inválido'],
    [
      403,
      { errors: [{ code: 'forbidden', description: 'IP não autorizado para transferências' }] },
      'IP não autorizado',
    ],
  ])('a JSON %i is exit 4 with its message, and nothing is locked', async (status, body, message) => {
    const env = {
      PAYGATE_BASE_URL: server.url,
      PAYGATE_SECRET_KEY: 'sk_test_dialects_0123456789',
      PAYGATE_CONFIG_DIR: tempConfigDir(),
    };
    refusal = { status, body };
    const result = await runHandler(
      payoutCreate,
      ['payout', 'create', '--amount', '50.00', '--key', 'auth-1', '--yes'],
      {
        env,
      },
    );
    expect(result.code, result.failure).toBe(4);
    expect(result.error?.message).toContain(message);
    expect(result.failure).not.toContain('outcome unknown');
    expect((await (await accountJournalOf(env)).read('auth-1'))?.state).not.toMatch(/^(sent|unknown)$/);
  });
});

describe('charge create --key refused in the gateway own dialect', () => {
  it('exit 3 with its message; the key is free for a rerun, which sends again', async () => {
    const env = {
      PAYGATE_BASE_URL: server.url,
      PAYGATE_SECRET_KEY: 'sk_test_dialects_0123456789',
      PAYGATE_CONFIG_DIR: tempConfigDir(),
    };
    const create = ['charge', 'create', '--amount', '15.00', '--key', 'bill-1'];
    const first = await runHandler(chargeCreate, create, { env, globals: { input: false } });
    expect(first.code, first.failure).toBe(3);
    expect(first.error?.message).toContain('CPF do pagador inválido');
    expect(first.failure).not.toContain('outcome unknown');
    const again = await runHandler(chargeCreate, create, { env, globals: { input: false } });
    expect(again.code).toBe(3);
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(2);
  });
});

describe('reads with an error in the gateway own dialect', () => {
  const env = () => ({
    PAYGATE_BASE_URL: server.url,
    PAYGATE_SECRET_KEY: 'sk_test_dialects_0123456789',
    PAYGATE_CONFIG_DIR: tempConfigDir(),
  });

  it('a JSON 404 is exit 3 with its message, never "not from the gateway API"', async () => {
    const result = await run(['charge', 'get', 'ch_missing'], { env: env() });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('Cobrança não encontrada');
    expect(result.stderr).not.toContain('did not come from the gateway API');
  });

  it('a JSON 403 is exit 4 with its message', async () => {
    const result = await runHandler(chargeGet, ['charge', 'get', 'ch_forbidden'], { env: env() });
    expect(result.code).toBe(4);
    expect(result.error?.message).toContain('Acesso negado para esta conta');
    expect(result.failure).not.toContain('did not come from the gateway API');
  });
});
