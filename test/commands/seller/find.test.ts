import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sellerFind } from '../../../src/commands/seller/find.js';
import { run } from '../../helpers/run-cli.js';
import { runHandler } from '../../helpers/run-handler.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

let ts: TestSandbox;
beforeAll(async () => {
  ts = await startTestSandbox();
});
afterAll(async () => ts.close());

describe('seller find', () => {
  test('a table of seller_id, name, email, status, compliance; --json the data', async () => {
    const seller = ts.sandbox.sellers[1]!;
    const table = await runHandler(sellerFind, ['seller', 'find', seller.email], { env: ts.env });
    expect(table.code).toBe(0);
    const [header, row] = table.stdout.trim().split('\n');
    expect(header).toMatch(/SELLER ID\s+NAME\s+E-MAIL\s+STATUS\s+COMPLIANCE/);
    expect(row).toContain(String(seller.seller_id));
    expect(row).toContain(seller.email);
    expect(row).toContain('active');
    expect(row).toContain('approved');
    const json = await runHandler(sellerFind, ['seller', 'find', seller.email], {
      env: ts.env,
      globals: { json: true },
    });
    expect(JSON.parse(json.stdout)).toMatchObject({
      seller_id: seller.seller_id,
      email: seller.email,
      status: 'active',
    });
    expect(ts.sandbox.requests.at(-1)!.query).toEqual({ email: seller.email });
  });

  test('none: exit 3 "no seller with e-mail …"; not an e-mail: exit 2, nothing sent', async () => {
    const none = await runHandler(sellerFind, ['seller', 'find', 'nobody@example.com'], { env: ts.env });
    expect(none.code).toBe(3);
    expect(none.error?.message).toContain('no seller with e-mail nobody@example.com');
    // How the top level prints these errors (the --json error object, the "error:" line): the whole CLI.
    const json = await run(['seller', 'find', 'nobody@example.com', '--json'], { env: ts.env });
    expect(JSON.parse(json.stderr).error).toMatchObject({
      exit_code: 3,
      message: 'no seller with e-mail nobody@example.com',
    });
    const before = ts.sandbox.requests.length;
    const bad = await run(['seller', 'find', 'notanemail'], { env: ts.env });
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toBe(
      'error: email: "notanemail" is not an e-mail address (seller find looks a seller up by e-mail: paygate seller find contato@example.com)\n',
    );
    expect(ts.sandbox.requests.length).toBe(before);
  });
});
