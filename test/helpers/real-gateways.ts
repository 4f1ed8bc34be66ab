// A test server that answers paygate's paths (docs/gateway-api.md) with the published shapes of a real
// Brazilian gateway (test/fixtures/gateways/<name>.json, each naming its sources), inside the API's
// envelope where docs/gateway-api.md says "not shown": `{"success": true, "data": <the gateway's object>}`, the
// object's text written with its numbers exactly as the gateway writes them (`150.00` stays
// `150.00`). Errors are the gateway's own body (not the envelope), with its own status.
//
// - 250 charges and 250 payouts (options `charges`, `payouts`) generated from the fixture item,
//   one every 6 hours back from now (the newest 28 within the last 7 days), ids, amounts and
//   statuses varied, named and dated as the gateway does (`dateCreated`, `created_at`,
//   `createdAt`, `date_created`, `calendario.criacao`, `transaction.time`, `horario.solicitacao`).
// - Lists are paged ONLY by the gateway's own query parameters (Asaas offset/limit ≤ 100,
//   Pagar.me page/size, Woovi skip/limit, Mercado Pago offset/limit, Efí
//   paginacao.paginaAtual/paginacao.itensPorPagina), each with its default size; any other
//   parameter (paygate's `page`, `limit` where the gateway has no such name, `status`, `since`,
//   `external_id`) is ignored as the real ones ignore it, so a client that pages wrongly gets the
//   same page again. Mercado Pago and Efí list oldest first, the others newest first.
// - Options: `refusePayouts` (every payout POST gets the gateway's 400 refusal), `wrap` (gets,
//   creates and refunds wrapped in one member: `{payment: {…}}`, `{charge: {…}}`…; Woovi wraps
//   on its own), `accountStatusObject` (the account's `status` an object, as Mercado Pago's is
//   already), `echoAmountAsDecimal` (a created charge carries `"amount": 150.00`, reais),
//   `wholeReais` (the fixture's `balanceWhole` as the balance, its `refundWhole` as every refund
//   and its `payoutWhole` as the newest payout, where it has them: whole reais written as
//   integers), `echoPayoutCents` (a created payout's answer says this amount, in the gateway's
//   own form, whatever was sent),
//   `keepDescription` (a created payout keeps the description sent where the gateway keeps one:
//   Pagar.me's `metadata.description`, Woovi's `comment`, Efí's `infoPagador`; as given back by the
//   option, e.g. upper-cased or cut), `madePayout` (changes a created payout, e.g. its time).
// - Seller look-up (GET /v1/sellers/search): Pagar.me answers its recipients list (the account);
//   the others have no such endpoint and answer their 404.
// - A request without `Authorization: Bearer <secretKey>` gets the gateway's 401.

import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type Fixture,
  type GatewayName,
  type GatewayProfile,
  type Generated,
  loadFixture,
  PROFILES,
} from './real-gateways/profiles.js';
import {
  cloneRaw,
  type RawJson,
  RawNumber,
  type RawObject,
  setPath,
  stringifyRaw,
} from './real-gateways/raw-json.js';
import { tempConfigDir } from './run-cli.js';

export { GATEWAY_NAMES, type GatewayName } from './real-gateways/profiles.js';
export { compactJsonText, plainRaw, stringifyRaw } from './real-gateways/raw-json.js';

export interface RealGatewayOptions {
  charges?: number;
  payouts?: number;
  refusePayouts?: boolean;
  wrap?: boolean;
  accountStatusObject?: boolean;
  echoAmountAsDecimal?: boolean;
  wholeReais?: boolean;
  echoPayoutCents?: number;
  /**
   * A created payout keeps the description it was sent where the gateway keeps one (Pagar.me's
   * `metadata.description`, Woovi's `comment`, Efí's `infoPagador`…), as this gives it (e.g.
   * upper-cased, or cut to a length); otherwise the template's stays.
   */
  keepDescription?: (description: string) => string;
  /** Changes a created payout as listed (e.g. its creation time as a bare date). */
  madePayout?: (item: RawObject) => void;
  /** "Now" for the generated creation times (default Date.now()). */
  now?: number;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
}

export interface RealGateway {
  name: GatewayName;
  url: string;
  secretKey: string;
  /** PAYGATE_BASE_URL, PAYGATE_SECRET_KEY and a fresh temp PAYGATE_CONFIG_DIR. */
  env: Record<string, string>;
  requests: ReceivedRequest[];
  /** Charges and payouts, oldest first, as the gateway lists them (items) with what tests need. */
  charges: Generated[];
  payouts: Generated[];
  profile: GatewayProfile;
  fixture: Fixture;
  /** The exact text of the `data` member a request's answer carried (the last one answered). */
  lastData: () => string | undefined;
  close(): Promise<void>;
}

const HOUR = 3600_000;

export async function startRealGateway(
  name: GatewayName,
  options: RealGatewayOptions = {},
): Promise<RealGateway> {
  const profile = PROFILES[name];
  const fixture = loadFixture(name);
  const now = options.now ?? Date.now();
  const secretKey = `sk_${name}_0123456789abcdef`;
  const centsOf = (index: number) => 1500 + ((index * 7919) % 98500);
  const generate = (count: number, make: 'charge' | 'payout', statuses: readonly string[]) =>
    Array.from({ length: count }, (_, index) =>
      profile[make](
        make === 'charge' ? fixture.charge : fixture.payout,
        index + 1,
        now - (count - index) * 6 * HOUR + 60_000,
        centsOf(index),
        statuses[(count - 1 - index) % statuses.length]!,
      ),
    );
  const charges = generate(options.charges ?? 250, 'charge', profile.chargeStatuses);
  const payouts = generate(options.payouts ?? 250, 'payout', profile.payoutStatuses);
  if (options.wholeReais && fixture.payoutWhole) {
    const item = cloneRaw(fixture.payoutWhole);
    const id = String(item.id);
    const status = String(item.status);
    // Dated now, as the newest payout (Asaas dates a transfer by day).
    if (typeof item.dateCreated === 'string') item.dateCreated = new Date(now).toISOString().slice(0, 10);
    payouts.push({ id, item, createdAt: now - 60_000, status, cents: 0, reference: id });
  }
  const requests: ReceivedRequest[] = [];
  let lastData: string | undefined;

  type Reply = { status: number; text: string };
  const ok = (data: RawJson): Reply => {
    lastData = stringifyRaw(data);
    return { status: 200, text: `{"success":true,"data":${lastData}}` };
  };
  const fail = (error: { status: number; body: RawJson }): Reply => ({
    status: error.status,
    text: stringifyRaw(error.body),
  });
  const wrapped = (member: string, value: RawJson): RawJson => (options.wrap ? { [member]: value } : value);

  const find = (items: Generated[], id: string) =>
    items.find((item) => item.id === id || item.aliases?.includes(id));

  function list(items: Generated[], template: RawObject, query: URLSearchParams): Reply {
    const ordered = profile.oldestFirst ? items : [...items].reverse();
    const slice = profile.slice(query);
    const page = ordered.slice(slice.start, slice.start + slice.size).map((item) => item.item);
    return ok(profile.list(template, page, slice, items.length, query));
  }

  function createCharge(body: string): Reply {
    const request = JSON.parse(body || '{}') as { amount?: number; payment_method?: string };
    const template =
      (request.payment_method === 'card' ? fixture.chargeCard : undefined) ??
      (request.payment_method === 'boleto' ? fixture.chargeBoleto : undefined) ??
      fixture.charge;
    const status = typeof template.status === 'string' ? template.status : profile.chargeStatuses[1]!;
    const charge = profile.charge(template, charges.length + 1, now, request.amount ?? 0, status);
    if (options.echoAmountAsDecimal) {
      charge.item.amount = new RawNumber(
        `${Math.floor(charge.cents / 100)}.${String(charge.cents % 100).padStart(2, '0')}`,
      );
    }
    charges.push(charge);
    const answer = profile.createdCharge ? profile.createdCharge(charge.item) : charge.item;
    return ok(wrapped(profile.wrapper.charge, answer));
  }

  function createPayout(body: string): Reply {
    if (options.refusePayouts) return fail(fixture.errors.payoutRefused);
    const request = JSON.parse(body || '{}') as { amount?: number; description?: string };
    const status =
      typeof fixture.payout.status === 'string' ? fixture.payout.status : profile.payoutStatuses[1]!;
    const cents = options.echoPayoutCents ?? request.amount ?? 0;
    const payout = profile.payout(fixture.payout, payouts.length + 1, now, cents, status);
    if (options.keepDescription && request.description !== undefined)
      setPath(payout.item, profile.payoutDescriptionAt, options.keepDescription(request.description));
    options.madePayout?.(payout.item);
    payouts.push(payout);
    const answer =
      profile.createdPayout && fixture.payoutCreated
        ? profile.createdPayout(fixture.payoutCreated, payout)
        : payout.item;
    return ok(wrapped(profile.wrapper.payout, answer));
  }

  function account(): RawObject {
    const value = cloneRaw(fixture.account);
    if (options.accountStatusObject) value.status = { general: 'APPROVED', documentation: 'PENDING' };
    return value;
  }

  function answer(req: IncomingMessage, body: string): Reply {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname.replace(/^\/api(?=\/)/, '');
    const method = req.method ?? 'GET';
    requests.push({ method, path, query: url.searchParams, body });
    if (req.headers.authorization !== `Bearer ${secretKey}`) return fail(fixture.errors.unauthorized);
    const charge = /^\/v1\/charges\/([^/]+)(?:\/(refund|cancel))?$/.exec(path);
    const payout = /^\/v1\/payouts\/([^/]+)$/.exec(path);
    if (method === 'GET' && path === '/v1/account') return ok(account());
    if (method === 'GET' && path === '/v1/balance')
      return ok(cloneRaw((options.wholeReais ? fixture.balanceWhole : undefined) ?? fixture.balance));
    if (method === 'GET' && path === '/v1/charges')
      return list(charges, fixture.chargeList, url.searchParams);
    if (method === 'POST' && path === '/v1/charges') return createCharge(body);
    if (method === 'GET' && path === '/v1/payouts')
      return list(payouts, fixture.payoutList, url.searchParams);
    if (method === 'POST' && path === '/v1/payouts') return createPayout(body);
    if (charge) {
      const found = find(charges, decodeURIComponent(charge[1]!));
      if (!found) return fail(fixture.errors.notFound);
      if (method === 'GET' && !charge[2]) {
        return ok(
          profile.gotCharge ? profile.gotCharge(found.item) : wrapped(profile.wrapper.charge, found.item),
        );
      }
      if (method === 'POST' && charge[2] === 'refund') {
        if (options.wholeReais && fixture.refundWhole)
          return ok(wrapped(profile.wrapper.charge, cloneRaw(fixture.refundWhole)));
        return ok(wrapped(profile.wrapper.charge, profile.refund(fixture.refund, found)));
      }
    }
    if (method === 'GET' && /^\/v1\/sellers(\/search)?$/.test(path) && name === 'pagarme') {
      // Pagar.me's recipients are the one seller list among these gateways (GET /recipients).
      return ok({ data: [account()], paging: { total: new RawNumber('1') } });
    }
    if (payout && method === 'GET') {
      const found = find(payouts, decodeURIComponent(payout[1]!));
      return found ? ok(wrapped(profile.wrapper.payout, found.item)) : fail(fixture.errors.notFound);
    }
    return fail(fixture.errors.notFound);
  }

  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      const reply = answer(req, body);
      res.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(reply.text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    name,
    url,
    secretKey,
    env: { PAYGATE_BASE_URL: url, PAYGATE_SECRET_KEY: secretKey, PAYGATE_CONFIG_DIR: tempConfigDir() },
    requests,
    charges,
    payouts,
    profile,
    fixture,
    lastData: () => lastData,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
