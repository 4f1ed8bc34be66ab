// A request field added only to the table of request fields (here, in this test, an imaginary one,
// pix.imaginary_field, so that no real field added by docs/how-to.md's recipe collides with it)
// reaches everything without another edit: `charge create` takes its flag and CSV column, the
// body carries it, the request rules allow it in `pix`, and the sandbox keeps it on the charge
// and answers it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/server.js';
import type { ChargeRequestField } from '../../../src/schemas/charge-request-fields.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { inputFor } from '../../helpers/run-cli.js';
import { client, start } from '../../sandbox/helpers.js';

vi.mock('../../../src/schemas/charge-request-fields.js', async (importOriginal) => {
  const table = await importOriginal<typeof import('../../../src/schemas/charge-request-fields.js')>();
  // The one edit a new field needs: its row (before any module derives from the table).
  (table.CHARGE_REQUEST_FIELDS as unknown as ChargeRequestField[]).push({
    path: 'pix.imaginary_field',
    flag: '--imaginary-field <text>',
    help: 'PIX: an imaginary field',
    methods: ['pix'],
    column: 'imaginary_field',
  });
  return table;
});

const { chargeCreate } = await import('../../../src/commands/charge/create.js');

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await start();
});
afterAll(async () => sandbox.close());

describe('a request field declared only in the table', () => {
  it('is a flag of charge create, sent in the body, kept and answered by the sandbox', async () => {
    const options = chargeCreate.parse(
      await inputFor(['charge', 'create', '--amount', '15,00', '--imaginary-field', 'Obrigado!']),
      { setting: () => undefined },
    );
    expect(options.options).toMatchObject({ imaginaryField: 'Obrigado!' });
    const { context, io } = fakeContext({
      baseUrl: sandbox.url,
      secretKey: sandbox.sellers[0]!.secret_key,
      globals: { json: true },
    });
    expect(await chargeCreate.run(options, context)).toBe(0);
    await context.close();
    const created = JSON.parse(io.stdout.text);
    expect(created.pix).toMatchObject({ imaginary_field: 'Obrigado!' });
    const fetched = await client(sandbox).get(`/v1/charges/${created.id}`);
    expect(fetched.json.data.pix.imaginary_field).toBe('Obrigado!');
  });

  it('is refused with another payment method, naming its flag', async () => {
    const { context } = fakeContext({ baseUrl: sandbox.url });
    const options = chargeCreate.parse(
      await inputFor(['charge', 'create', '--amount', '15,00', '--method', 'card', '--imaginary-field', 'x']),
      { setting: () => undefined },
    );
    await expect(chargeCreate.run(options, context)).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringContaining('--imaginary-field: only with --method pix'),
    });
    await context.close();
  });

  it('is a --from-csv column', async () => {
    const { context, io, configDir } = fakeContext({ baseUrl: sandbox.url });
    const file = join(configDir, 'charges.csv');
    writeFileSync(file, 'key,amount,imaginary_field\npedido-1,1500,Valeu\n');
    const options = chargeCreate.parse(
      await inputFor(['charge', 'create', '--from-csv', file, '--dry-run']),
      {
        setting: () => undefined,
      },
    );
    expect(await chargeCreate.run(options, context)).toBe(0);
    await context.close();
    expect(JSON.parse(io.stdout.text).body).toMatchObject({ pix: { imaginary_field: 'Valeu' } });
  });

  it('the sandbox answers the declared field as sent, and leaves out a top-level field nobody declared', async () => {
    const answer = await client(sandbox).post('/v1/charges', {
      amount: 1500,
      payment_method: 'pix',
      pix: { imaginary_field: 'Valeu', description: 'Pedido 9' },
      imaginary_top_level: 'not a field',
    });
    expect(answer.status).toBe(201);
    expect(answer.json.data.pix.imaginary_field).toBe('Valeu');
    expect(answer.json.data.description).toBe('Pedido 9');
    expect(answer.json.data.pix).not.toHaveProperty('description');
    expect(answer.json.data).not.toHaveProperty('imaginary_top_level');
  });

  it('the sandbox still refuses a pix field the table does not declare', async () => {
    const answer = await client(sandbox).post('/v1/charges', {
      amount: 1500,
      payment_method: 'pix',
      pix: { imaginary_feild: 'typo' },
    });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatchObject({ code: 'unknown_field', field: 'pix' });
  });
});
