// What the gateway said, said: each real gateway's error bodies (test/fixtures/gateways, their
// sources named there), as the gateway writes them and wrapped in the API's failure envelope
// (`{success: false, error: <the gateway's body>}`), reach the user's stderr line in the gateway's
// own words, with the field it named, and the exit code of their status: a refused create is exit
// 3 (nothing made, the journal key free), a 404 exit 3, a 401/403 exit 4; never "HTTP 400 from …".
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json, ok, type SeenRequest, startServer, type TestServer } from '../api/helpers.js';
import { loadFixture } from '../helpers/real-gateways/profiles.js';
import { GATEWAY_NAMES, type GatewayName, plainRaw } from '../helpers/real-gateways.js';
import { run, tempConfigDir } from '../helpers/run-cli.js';

type Answer = 'chargeRefused' | 'notFound' | 'unauthorized' | 'forbidden';

/** The words a person must read for each answer (and the field, where the gateway named one). */
const WORDS: Record<GatewayName, Record<Answer, string[]>> = {
  asaas: {
    chargeRefused: ['O CPF/CNPJ informado é inválido.'],
    notFound: ['Cobrança não encontrada.'],
    unauthorized: ['A chave de API fornecida é inválida'],
    forbidden: ['Não é permitido acessar este recurso a partir do IP de origem.'],
  },
  pagarme: {
    chargeRefused: [
      'The request is invalid',
      'customer.document: The document field is not a valid CPF or CNPJ.',
    ],
    notFound: ['Charge not found.'],
    unauthorized: ['Authorization has been denied for this request.'],
    forbidden: ['Acesso negado: o IP de origem não está na lista de IPs permitidos.'],
  },
  woovi: {
    chargeRefused: ['O campo value deve ser um número inteiro maior que zero'],
    notFound: ['not exists'],
    unauthorized: ['appID inválido'],
    forbidden: ['Sem permissão para acessar esta API'],
  },
  mercadopago: {
    chargeRefused: ['Invalid user identification number'],
    notFound: ['Payment not found'],
    unauthorized: ['invalid access token'],
    forbidden: ['At least one policy returned UNAUTHORIZED.'],
  },
  efi: {
    chargeRefused: ['Cobrança inválida', 'O campo cob.valor.original é zero.'],
    notFound: ['Não Encontrado', 'Registro de cobrança não encontrado para o txid informado.'],
    unauthorized: ['Access token is invalid or expired'],
    forbidden: ['Acesso Negado', 'viola alguma regra de autorização'],
  },
};

/** The field each gateway's refused create names (in the message and the --json error). */
const FIELD: Partial<Record<GatewayName, string>> = {
  pagarme: 'customer.document',
  efi: 'cob.valor.original',
};

const SECRET_KEY = 'sk_test_gateway_words_0123456789';

let server: TestServer;
let gateway: GatewayName = 'asaas';
let wrapped = false;
beforeAll(async () => {
  server = await startServer((req, res) => {
    const { status, body } = answer(req);
    json(res, status, body);
  });
});
afterAll(async () => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

/** The gateway's own error body, bare or inside the API's failure envelope. */
function refusal(name: Answer): { status: number; body: unknown } {
  const error = loadFixture(gateway).errors[name];
  const body = plainRaw(error.body);
  return { status: error.status, body: wrapped ? { success: false, error: body } : body };
}

function answer(req: SeenRequest): { status: number; body: unknown } {
  const path = new URL(req.url, 'http://x').pathname;
  if (req.headers.authorization === 'Bearer sk_test_forbidden_0123456789') return refusal('forbidden');
  if (req.headers.authorization !== `Bearer ${SECRET_KEY}`) return refusal('unauthorized');
  if (req.method === 'GET' && path === '/v1/account')
    return { status: 200, body: ok({ seller_id: 'sel_words', name: 'Loja' }) };
  if (req.method === 'GET' && path === '/v1/charges')
    return { status: 200, body: ok([], { has_more: false }) };
  if (req.method === 'POST' && path === '/v1/charges') return refusal('chargeRefused');
  return refusal('notFound');
}

const envWith = (key = SECRET_KEY) => ({
  PAYGATE_BASE_URL: server.url,
  PAYGATE_SECRET_KEY: key,
  PAYGATE_CONFIG_DIR: tempConfigDir(),
});

/** The `error: …` line the user reads. */
const errorLine = (stderr: string) => stderr.split('\n').find((line) => line.startsWith('error: ')) ?? '';

describe.each(
  GATEWAY_NAMES.flatMap(
    (name) =>
      [
        [name, 'as the gateway writes it', false],
        [name, 'wrapped in the failure envelope', true],
      ] as const,
  ),
)('%s, %s', (name, _how, wrap) => {
  beforeEach(() => {
    gateway = name;
    wrapped = wrap;
  });

  it('charge create --key refused: exit 3 with its words and field; the key stays free', async () => {
    const env = envWith();
    const create = ['charge', 'create', '--amount', '15.00', '--key', 'bill-words', '--no-input'];
    const first = await run(create, { env });
    expect(first.code, first.stderr).toBe(3);
    const line = errorLine(first.stderr);
    for (const words of WORDS[name].chargeRefused) expect(line).toContain(words);
    const field = FIELD[name];
    if (field) expect(line).toContain(field);
    expect(line).not.toMatch(/HTTP 4\d\d from|outcome unknown/);

    // Nothing was made: the rerun sends again (the key is free), and --json names the field.
    const again = await run([...create, '--json'], { env });
    expect(again.code).toBe(3);
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(2);
    const error = JSON.parse(again.stderr.trim().split('\n').pop()!).error;
    for (const words of WORDS[name].chargeRefused) expect(error.message).toContain(words);
    if (field) expect(error.field).toBe(field);
  });

  it('charge get of an unknown id (404): exit 3 with its words', async () => {
    const result = await run(['charge', 'get', 'nao_existe_123'], { env: envWith() });
    expect(result.code).toBe(3);
    const line = errorLine(result.stderr);
    for (const words of WORDS[name].notFound) expect(line).toContain(words);
    expect(line).not.toMatch(/HTTP 404 from/);
  });

  it('a refused key (401): exit 4 with its words', async () => {
    const result = await run(['balance'], { env: envWith('sk_test_wrong_0123456789') });
    expect(result.code).toBe(4);
    for (const words of WORDS[name].unauthorized) expect(errorLine(result.stderr)).toContain(words);
  });

  it('a key without permission (403): exit 4 with its words', async () => {
    const result = await run(['charge', 'get', 'ch_1'], { env: envWith('sk_test_forbidden_0123456789') });
    expect(result.code).toBe(4);
    const line = errorLine(result.stderr);
    for (const words of WORDS[name].forbidden) expect(line).toContain(words);
    expect(line).not.toMatch(/HTTP 403 from/);
  });
});

describe('the words are sanitised and our secrets redacted, wrapped or not', () => {
  it.each([false, true])('wrapped: %s', async (wrap) => {
    const body = {
      nome: 'chave_invalida',
      mensagem: `Chave \u001b[31m${SECRET_KEY}\u001b[0m recusada\nlinha falsa`,
    };
    server.handle((_request, response) => json(response, 400, wrap ? { success: false, error: body } : body));
    try {
      const result = await run(['charge', 'get', 'pay_1'], { env: envWith() });
      expect(result.code).toBe(3);
      const line = errorLine(result.stderr);
      expect(line).toContain('Chave');
      expect(line).toContain('[redacted]');
      expect(line).toContain('recusada');
      expect(result.stderr).not.toContain(SECRET_KEY);
      expect(result.stderr).not.toContain('\u001b');
      expect(result.stderr).not.toMatch(/^linha falsa/m);
    } finally {
      server.handle((req, res) => {
        const { status, body: answered } = answer(req);
        json(res, status, answered);
      });
    }
  });
});
