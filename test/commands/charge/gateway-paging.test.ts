// `charge list` against gateways that page in their own words (test/helpers/paging-gateways.ts):
// every charge is read, with no request after the last page; a list whose paging cannot be driven
// prints what it read and exits 10, never 0 with part of a list.
import { afterEach, describe, expect, it } from 'vitest';
import { type PagingGateway, type PagingKind, startPagingGateway } from '../../helpers/paging-gateways.js';
import { run, tempConfigDir } from '../../helpers/run-cli.js';

let gateway: PagingGateway | undefined;
afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
});

async function list(kind: PagingKind, args: string[]) {
  gateway = await startPagingGateway(kind);
  return run(['charge', 'list', ...args], { env: { ...gateway.env, PAYGATE_CONFIG_DIR: tempConfigDir() } });
}

const lines = (stdout: string) =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { id: string });

describe('charge list --all reads every page, in each gateway own paging words', () => {
  it.each([
    // kind, requests, what the requests said about the page
    ['asaas', 3, [{ offset: '0', limit: '100' }, { offset: '100' }, { offset: '200' }]],
    ['pagarme', 5, [{ page: '1', size: '100' }, { page: '2' }, { page: '3' }, { page: '4' }, { page: '5' }]],
    ['woovi', 3, [{ skip: '0', limit: '100' }, { skip: '100' }, { skip: '200' }]],
    [
      'mercadopago',
      5,
      [{ offset: '0' }, { offset: '50' }, { offset: '100' }, { offset: '150' }, { offset: '200' }],
    ],
    [
      'efi',
      3,
      [
        { 'paginacao.paginaAtual': '0', 'paginacao.itensPorPagina': '100' },
        { 'paginacao.paginaAtual': '1' },
        { 'paginacao.paginaAtual': '2' },
      ],
    ],
  ] as const)('%s: 250 of 250, %i requests, none after the last page', async (kind, requests, asked) => {
    const result = await list(kind, ['--all', '-o', 'ndjson']);
    expect(result.code, result.stderr).toBe(0);
    const ids = lines(result.stdout).map((charge) => charge.id);
    expect(ids).toHaveLength(250);
    expect(new Set(ids).size).toBe(250);
    expect(gateway!.queries).toHaveLength(requests);
    gateway!.queries.forEach((query, index) => {
      expect(query).toMatchObject(asked[index]!);
    });
    expect(result.stderr).not.toContain('incomplete');
  });
});

describe('a list that cannot be read to the end', () => {
  it('a gateway that answers the same page whatever is asked: what was read, then exit 10 saying how much', async () => {
    const result = await list('deaf', ['--all', '-o', 'ndjson']);
    expect(lines(result.stdout)).toHaveLength(100);
    expect(result.code).toBe(10);
    expect(result.stderr).toContain('incomplete: read 100 of 250 charges');
    expect(result.stderr).toContain("page 2 repeats page 1 (the gateway's paging is not understood)");
    expect(gateway!.queries).toHaveLength(2);
  });

  it('the table too: the rows read are shown, and the exit is 10', async () => {
    const result = await list('deaf', ['--all']);
    expect(result.code).toBe(10);
    expect(result.stdout).toContain('ch_000250');
    expect(result.stderr).toContain('incomplete: read 100 of 250 charges');
  });
});

describe('gateways that list oldest first', () => {
  it.each(['mercadopago', 'efi'] as const)(
    '%s: plain charge list shows the 20 newest of the whole list, newest first, and says it read it all',
    async (kind) => {
      const result = await list(kind, ['-o', 'ndjson']);
      expect(result.code, result.stderr).toBe(0);
      expect(lines(result.stdout).map((charge) => charge.id)).toEqual(
        Array.from({ length: 20 }, (_, i) => `ch_${String(250 - i).padStart(6, '0')}`),
      );
      expect(result.stderr).toContain('reading the whole list (up to 1000) to show the newest');
    },
  );
});

describe('a long list that is oldest first', () => {
  it('plain charge list reads at most 1000 for the newest, then says exactly what is shown (exit 10)', async () => {
    gateway = await startPagingGateway('mercadopago', 1200);
    const result = await run(['charge', 'list', '-o', 'ndjson'], {
      env: { ...gateway.env, PAYGATE_CONFIG_DIR: tempConfigDir() },
    });
    expect(result.code).toBe(10);
    expect(lines(result.stdout).map((charge) => charge.id)).toEqual(
      Array.from({ length: 20 }, (_, i) => `ch_${String(1000 - i).padStart(6, '0')}`),
    );
    expect(result.stderr).toContain(
      'incomplete: the gateway does not list charges newest first and has more than the 1000 read: the rows shown are the newest of those 1000, not of the whole list',
    );
    expect(gateway.queries.length).toBeLessThanOrEqual(52);
  });
});

describe('charge find searches the whole list, or says it could not', () => {
  const find = async (kind: PagingKind, args: string[]) => {
    gateway = await startPagingGateway(kind);
    return run(['charge', 'find', ...args], { env: { ...gateway.env, PAYGATE_CONFIG_DIR: tempConfigDir() } });
  };

  it('asaas (offset paging, the filter ignored): a charge on the third page is found', async () => {
    const result = await find('asaas', ['--external-id', 'order-7', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: 'ch_000007', external_id: 'order-7' });
    expect(gateway!.queries.map((query) => query.offset)).toEqual(['0', '100', '200']);
  });

  it('asaas: none in the whole list (every page read) is exit 3', async () => {
    const result = await find('asaas', ['--external-id', 'order-999']);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('no charge with external id order-999');
    expect(result.stderr).not.toContain('incomplete');
    // After searching every page, not after a page that repeated the first.
    expect(gateway!.queries.map((query) => query.offset)).toEqual(['0', '100', '200']);
  });

  it('paging it cannot drive: exit 10 saying how far it got, never 3', async () => {
    const result = await find('deaf', ['--external-id', 'order-7']);
    expect(result.code).toBe(10);
    expect(result.stderr).toContain('no charge with external id order-7 in what was searched');
    expect(result.stderr).toContain('incomplete: read 100 of 250 charges; page 2 repeats page 1');
  });

  it('--max-pages that cuts the search: exit 10', async () => {
    const result = await find('woovi', ['--external-id', 'order-7', '--max-pages', '1']);
    expect(result.code).toBe(10);
    expect(result.stderr).toContain('incomplete: read 100 of 250 charges; stopped at --max-pages (1 page)');
    expect(gateway!.queries).toHaveLength(1);
  });
});
