// The request rules of `charge create` (checked before sending) and of the sandbox (its 400s)
// must agree: the same bodies go to both; a body one refuses and the other accepts,
// or refused for another field, is a failure. A real gateway may be stricter; ours must not
// disagree with ourselves.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIELD_FLAGS } from '../../../src/commands/charge/body-flags.js';
import { run, tempConfigDir } from '../../helpers/run-cli.js';
import { useTestSandbox } from '../../helpers/sandbox.js';

const t = useTestSandbox();

const address = { street: 'Rua A', number: '1', city: 'São Paulo', state: 'SP', zipcode: '01310100' };
const long = (length: number) => 'x'.repeat(length);
const boletoPayer = { name: 'Ana', document: '52998224725' };

/** [name, body]: each differs from a valid PIX charge in one place. */
const BODIES: Array<[string, Record<string, unknown>]> = [
  ['valid', { amount: 1500 }],
  ['amount 0', { amount: 0 }],
  ['amount negative', { amount: -1 }],
  ['amount with a fraction', { amount: 15.5 }],
  ['amount as text', { amount: '1500' }],
  ['amount missing', {}],
  ['amount of 999999999999', { amount: 999_999_999_999 }],
  ['amount above what a BR Code carries', { amount: 1_000_000_000_000 }],
  ['currency BRL', { amount: 1500, currency: 'BRL' }],
  ['currency USD', { amount: 1500, currency: 'USD' }],
  ['currency not a code', { amount: 1500, currency: 'real' }],
  ['payment method unknown', { amount: 1500, payment_method: 'cash' }],
  ['pix.expires_in 59', { amount: 1500, pix: { expires_in: 59 } }],
  ['pix.expires_in 60', { amount: 1500, pix: { expires_in: 60 } }],
  ['pix.expires_in 86400', { amount: 1500, pix: { expires_in: 86_400 } }],
  ['pix.expires_in 86401', { amount: 1500, pix: { expires_in: 86_401 } }],
  ['pix.description 255', { amount: 1500, pix: { description: long(255) } }],
  ['pix.description 256', { amount: 1500, pix: { description: long(256) } }],
  ['customer.document valid CPF', { amount: 1500, customer: { name: 'Ana', document: '52998224725' } }],
  ['customer.document bad CPF', { amount: 1500, customer: { name: 'Ana', document: '52998224724' } }],
  ['customer.email bad', { amount: 1500, customer: { name: 'Ana', email: 'not-an-email' } }],
  ['customer.email good', { amount: 1500, customer: { name: 'Ana', email: 'ana@example.com.br' } }],
  ['customer.address valid', { amount: 1500, customer: { name: 'Ana', address } }],
  [
    'customer.address state of 3 letters',
    { amount: 1500, customer: { name: 'Ana', address: { ...address, state: 'SPX' } } },
  ],
  [
    'customer.address state that is no Brazilian UF',
    { amount: 1500, customer: { name: 'Ana', address: { ...address, state: 'XX' } } },
  ],
  [
    'customer.address abroad with its own state',
    { amount: 1500, customer: { name: 'Ana', address: { ...address, state: 'TX', country: 'US' } } },
  ],
  ['callback_url ftp', { amount: 1500, callback_url: 'ftp://example.com/x' }],
  ['callback_url https', { amount: 1500, callback_url: 'https://example.com/x' }],
  ['items summing to the amount', { amount: 1500, items: [{ name: 'a', quantity: 3, unit_price: 500 }] }],
  [
    'item unit_price 0 with others priced',
    {
      amount: 1500,
      items: [
        { name: 'a', quantity: 1, unit_price: 1500 },
        { name: 'b', quantity: 1, unit_price: 0 },
      ],
    },
  ],
  ['item quantity 0', { amount: 1500, items: [{ name: 'a', quantity: 0, unit_price: 1500 }] }],
  [
    'split to 100%',
    {
      amount: 1500,
      split: [
        { seller_id: 1002, percentage: 30 },
        { seller_id: 1003, percentage: 70 },
      ],
    },
  ],
  [
    'split to 99%',
    {
      amount: 1500,
      split: [
        { seller_id: 1002, percentage: 29 },
        { seller_id: 1003, percentage: 70 },
      ],
    },
  ],
  [
    'split within the 0.01 tolerance',
    {
      amount: 1500,
      split: [
        { seller_id: 1002, percentage: 33.33 },
        { seller_id: 1003, percentage: 66.66 },
      ],
    },
  ],
  [
    'split mixed',
    {
      amount: 1500,
      split: [
        { seller_id: 1002, percentage: 30 },
        { seller_id: 1003, amount: 500 },
      ],
    },
  ],
  ['split fixed above the amount', { amount: 1500, split: [{ seller_id: 1002, amount: 1501 }] }],
  ['split entry of 0 centavos', { amount: 1500, split: [{ seller_id: 1002, amount: 0 }] }],
  [
    'split description 256',
    { amount: 1500, split: [{ seller_id: 1002, amount: 500, description: long(256) }] },
  ],
  ['split without a seller', { amount: 1500, split: [{ amount: 500 }] }],
  ['pix with an unknown field', { amount: 1500, pix: { expire_in: 60 } }],
  ['payment method credit_card', { amount: 1500, payment_method: 'credit_card' }],
  ['customer.phone not a phone', { amount: 1500, customer: { name: 'Ana', phone: 'call me' } }],
  ['customer.phone good', { amount: 1500, customer: { name: 'Ana', phone: '+55 11 91234-5678' } }],
  ['customer.zipcode not a CEP', { amount: 1500, customer: { name: 'Ana', zipcode: '123' } }],
  ['customer.state not a UF', { amount: 1500, customer: { name: 'Ana', state: 'Sao Paulo' } }],
  ['external_id empty', { amount: 1500, external_id: ' ' }],
  ['store_id 0', { amount: 1500, store_id: 0 }],
  ['metadata a list', { amount: 1500, metadata: ['a'] }],
  ['checkout mode popup', { amount: 1500, checkout: { mode: 'popup' } }],
  ['boleto without a due date', { amount: 1500, payment_method: 'boleto', customer: boletoPayer }],
  [
    'boleto above what its barcode carries',
    {
      amount: 10_000_000_000,
      payment_method: 'boleto',
      customer: boletoPayer,
      boleto: { due_date: '2049-01-01' },
    },
  ],
  [
    'boleto discount not below the amount',
    {
      amount: 1500,
      payment_method: 'boleto',
      customer: boletoPayer,
      boleto: { due_date: '2049-01-01', discount: 1500 },
    },
  ],
  [
    'boleto valid',
    { amount: 1500, payment_method: 'boleto', customer: boletoPayer, boleto: { due_date: '2049-01-01' } },
  ],
  [
    'boleto without the payer',
    { amount: 1500, payment_method: 'boleto', boleto: { due_date: '2049-01-01' } },
  ],
];

/** The CLI's verdict, from --dry-run: accepted, or the first field it names. */
async function cliVerdict(body: Record<string, unknown>): Promise<string> {
  const file = join(tempConfigDir(), 'body.json');
  writeFileSync(file, JSON.stringify(body));
  const result = await run(['charge', 'create', '--from-file', file, '--dry-run', '--json', '--no-qr'], {
    env: t.env,
  });
  if (result.code === 0) return 'accepted';
  const error = JSON.parse(result.stderr.trim().split('\n').at(-1)!).error;
  expect(result.code, result.stderr).toBe(2);
  return `refused ${fieldRoot(error.field ?? error.message)}`;
}

/** The sandbox's verdict: 201, or the field of its 400 (for the body as the CLI sends it: PIX unless said). */
async function sandboxVerdict(body: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${t.url}/v1/charges`, {
    method: 'POST',
    headers: { authorization: `Bearer ${t.main.secret_key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ payment_method: 'pix', ...body }),
  });
  const answer = (await response.json()) as { error?: { field?: string; message?: string } };
  if (response.status === 201) return 'accepted';
  expect([400, 422], JSON.stringify(answer)).toContain(response.status);
  return `refused ${fieldRoot(answer.error?.field ?? answer.error?.message ?? '?')}`;
}

/** The body field a flag sets (FIELD_FLAGS inverted): `--due-date` → `boleto.due_date`. */
const FLAG_FIELDS = new Map(Object.entries(FIELD_FLAGS).map(([field, flag]) => [flag, field]));

/** `split[1].percentage` → `split`, `--amount` → `amount`, `--due-date` → `boleto`. */
function fieldRoot(field: string): string {
  return (FLAG_FIELDS.get(field) ?? field.replace(/^--/, '').replace(/-/g, '_')).split(/[.[: ]/)[0]!;
}

describe('charge request rules: the CLI and the sandbox agree', () => {
  it.each(BODIES)('%s', async (_name, body) => {
    const [cli, sandbox] = [await cliVerdict(body), await sandboxVerdict(body)];
    expect({ cli }).toEqual({ cli: sandbox });
  });
});
