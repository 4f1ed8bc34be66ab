// How each real gateway names, pages, dates and wraps what it serves: the fixture item is the
// template, and these rules vary its id, amount, status and creation time the way the gateway
// itself writes them, and cut lists into pages by the gateway's own query parameters only.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cloneRaw, parseRaw, type RawJson, RawNumber, type RawObject, setPath } from './raw-json.js';

export type GatewayName = 'asaas' | 'pagarme' | 'woovi' | 'mercadopago' | 'efi';
export const GATEWAY_NAMES: readonly GatewayName[] = ['asaas', 'pagarme', 'woovi', 'mercadopago', 'efi'];

export interface ErrorAnswer {
  status: number;
  body: RawJson;
}

/** One gateway's fixture file, parsed with every number as written. */
export interface Fixture {
  charge: RawObject;
  chargeCard?: RawObject;
  chargeBoleto?: RawObject;
  chargeList: RawObject;
  balance: RawObject;
  /** The balance with whole reais written as an integer (`{"balance": 1500}`), where published. */
  balanceWhole?: RawObject;
  account: RawObject;
  payout: RawObject;
  /** A payout of whole reais written as an integer (`"value": 50`), where published. */
  payoutWhole?: RawObject;
  payoutCreated?: RawObject;
  payoutList: RawObject;
  refund: RawObject;
  /** A refund of whole reais written as an integer (`"amount": 210`), where published. */
  refundWhole?: RawObject;
  errors: {
    payoutRefused: ErrorAnswer;
    unauthorized: ErrorAnswer;
    notFound: ErrorAnswer;
    /** A create refused, naming a field where the gateway names one. */
    chargeRefused: ErrorAnswer;
    forbidden: ErrorAnswer;
  };
}

export function loadFixture(name: GatewayName): Fixture {
  const file = fileURLToPath(new URL(`../../fixtures/gateways/${name}.json`, import.meta.url));
  return parseRaw(readFileSync(file, 'utf8')) as unknown as Fixture;
}

/** What the server needs to know of one generated charge or payout. */
export interface Generated {
  /** The key the gateway finds it by (its id, correlationID, txid, idEnvio). */
  id: string;
  /** Other keys that find it too (Efí's endToEndId). */
  aliases?: string[];
  /** The item as the gateway lists it. */
  item: RawObject;
  createdAt: number;
  status: string;
  /** Amount in centavos (whatever form the gateway writes it in). */
  cents: number;
  /** The merchant's own reference (external id, code, correlationID, txid). */
  reference: string;
}

export interface Slice {
  start: number;
  size: number;
}

export interface GatewayProfile {
  name: GatewayName;
  /** Lists oldest first (else newest first). */
  oldestFirst: boolean;
  chargeStatuses: readonly string[];
  payoutStatuses: readonly string[];
  /** The gateway's money form for an amount in centavos. */
  money(cents: number): RawJson;
  charge(template: RawObject, n: number, createdAt: number, cents: number, status: string): Generated;
  payout(template: RawObject, n: number, createdAt: number, cents: number, status: string): Generated;
  /** The page a list request asks for, read from the gateway's own parameters only. */
  slice(query: URLSearchParams): Slice;
  /** The list object, from the fixture's list template, for items[slice] of total. */
  list(
    template: RawObject,
    items: RawObject[],
    slice: Slice,
    total: number,
    query: URLSearchParams,
  ): RawObject;
  /** Where the gateway keeps a payout's description it is sent (its own name for it). */
  payoutDescriptionAt: string;
  /** The member a create answer's resource is wrapped in when the gateway wraps (option `wrap`). */
  wrapper: { charge: string; payout: string };
  /** The create answer, when the gateway answers a create with more than the item. */
  createdCharge?(item: RawObject): RawJson;
  /** The create answer for a payout, when it differs from the item (from `payoutCreated`). */
  createdPayout?(template: RawObject, generated: Generated): RawJson;
  /** A GET of one charge, when the gateway wraps it on its own (Woovi: {charge}). */
  gotCharge?(item: RawObject): RawJson;
  /** The refund answer for a charge, from the fixture's refund. */
  refund(template: RawObject, charge: Generated): RawJson;
}

const reais = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const isoMillis = (ms: number) => new Date(ms).toISOString();
const dateOnly = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Mercado Pago's `2024-07-12T10:03:21.000-04:00`. */
const mercadoPagoDate = (ms: number) => `${new Date(ms - 4 * 3600_000).toISOString().slice(0, 23)}-04:00`;
const int = (value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
  const n = value !== null && /^\d+$/.test(value) ? Number(value) : fallback;
  return Math.min(n, max);
};

const asaas: GatewayProfile = {
  name: 'asaas',
  payoutDescriptionAt: 'description',
  oldestFirst: false,
  chargeStatuses: ['RECEIVED', 'PENDING', 'CONFIRMED', 'OVERDUE', 'REFUNDED'],
  payoutStatuses: ['DONE', 'PENDING', 'FAILED', 'BANK_PROCESSING', 'CANCELLED'],
  money: (cents) => new RawNumber(reais(cents)),
  charge(template, n, createdAt, cents, status) {
    const item = cloneRaw(template);
    const id = `pay_${pad(100000000000 + n, 12)}`;
    const reference = `order-${n}`;
    Object.assign(item, {
      id,
      dateCreated: dateOnly(createdAt),
      value: new RawNumber(reais(cents)),
      netValue: new RawNumber(reais(Math.max(0, cents - 199))),
      status,
      externalReference: reference,
    });
    if (typeof item.invoiceUrl === 'string') item.invoiceUrl = `https://sandbox.asaas.com/i/${id.slice(4)}`;
    return { id, item, createdAt, status, cents, reference };
  },
  payout(template, n, createdAt, cents, status) {
    const item = cloneRaw(template);
    const id = `35363f6e-93e2-11ec-b9d9-${pad(n, 12)}`;
    Object.assign(item, {
      id,
      dateCreated: dateOnly(createdAt),
      value: new RawNumber(reais(cents)),
      netValue: new RawNumber(reais(cents)),
      status,
      scheduleDate: dateOnly(createdAt),
      effectiveDate: status === 'DONE' ? dateOnly(createdAt) : null,
      failReason: status === 'FAILED' ? 'Conta de destino inválida' : null,
    });
    return { id, item, createdAt, status, cents, reference: id };
  },
  slice: (query) => ({
    start: int(query.get('offset'), 0),
    size: Math.max(1, int(query.get('limit'), 10, 100)),
  }),
  list(template, items, slice, total) {
    return {
      ...cloneRaw(template),
      hasMore: slice.start + items.length < total,
      totalCount: new RawNumber(String(total)),
      limit: new RawNumber(String(slice.size)),
      offset: new RawNumber(String(slice.start)),
      data: items,
    };
  },
  wrapper: { charge: 'payment', payout: 'transfer' },
  refund(template, charge) {
    const answer = cloneRaw(charge.item);
    answer.status = 'REFUND_REQUESTED';
    answer.refunds = cloneRaw((template.refunds ?? []) as RawJson[]).map((refund) => {
      if (refund && typeof refund === 'object' && !Array.isArray(refund) && !(refund instanceof RawNumber))
        refund.value = new RawNumber(reais(charge.cents));
      return refund;
    });
    return answer;
  },
};

const pagarme: GatewayProfile = {
  name: 'pagarme',
  payoutDescriptionAt: 'metadata.description',
  oldestFirst: false,
  chargeStatuses: ['paid', 'pending', 'failed', 'canceled', 'processing'],
  payoutStatuses: ['transferred', 'pending', 'failed', 'processing', 'canceled'],
  money: (cents) => new RawNumber(String(cents)),
  charge(template, n, createdAt, cents, status) {
    const item = cloneRaw(template);
    const id = `ch_${n.toString(36).padStart(16, '0')}`;
    const reference = `order-${n}`;
    Object.assign(item, {
      id,
      code: reference,
      amount: new RawNumber(String(cents)),
      status,
      created_at: isoSeconds(createdAt),
      updated_at: isoSeconds(createdAt),
    });
    if (status === 'paid') item.paid_amount = new RawNumber(String(cents));
    setPath(item, 'last_transaction.amount', new RawNumber(String(cents)));
    return { id, item, createdAt, status, cents, reference };
  },
  payout(template, n, createdAt, cents, status) {
    const item = cloneRaw(template);
    const id = `tran_${n.toString(36).padStart(16, '0')}`;
    Object.assign(item, {
      id,
      amount: new RawNumber(String(cents)),
      status,
      created_at: isoSeconds(createdAt),
      updated_at: isoSeconds(createdAt),
    });
    return { id, item, createdAt, status, cents, reference: id };
  },
  slice(query) {
    const size = Math.max(1, int(query.get('size'), 10, 100));
    return { start: (Math.max(1, int(query.get('page'), 1)) - 1) * size, size };
  },
  list(template, items, slice, total) {
    const page = slice.start / slice.size + 1;
    const link = (to: number) => `https://api.pagar.me/core/v5/charges?page=${to}&size=${slice.size}`;
    const paging: RawObject = { total: new RawNumber(String(total)) };
    if (page > 1) paging.previous = link(page - 1);
    if (slice.start + items.length < total) paging.next = link(page + 1);
    return { ...cloneRaw(template), data: items, paging };
  },
  wrapper: { charge: 'charge', payout: 'transfer' },
  refund(template, charge) {
    const answer = cloneRaw(template);
    Object.assign(answer, {
      id: charge.id,
      code: charge.reference,
      amount: new RawNumber(String(charge.cents)),
      canceled_amount: new RawNumber(String(charge.cents)),
    });
    return answer;
  },
};

const woovi: GatewayProfile = {
  name: 'woovi',
  payoutDescriptionAt: 'payment.comment',
  oldestFirst: false,
  chargeStatuses: ['COMPLETED', 'ACTIVE', 'EXPIRED'],
  payoutStatuses: ['CONFIRMED', 'CREATED', 'FAILED', 'APPROVED', 'DENIED'],
  money: (cents) => new RawNumber(String(cents)),
  charge(template, n, createdAt, cents, status) {
    const item = cloneRaw(template);
    const reference = `order-${n}`;
    Object.assign(item, {
      status,
      value: new RawNumber(String(cents)),
      correlationID: reference,
      paymentLinkUrl: `https://openpix.com.br/pay/${reference}`,
      expiresDate: isoMillis(createdAt + 2592000_000),
      createdAt: isoMillis(createdAt),
      updatedAt: isoMillis(createdAt),
    });
    return { id: reference, item, createdAt, status, cents, reference };
  },
  payout(template, n, createdAt, cents, status) {
    const item = cloneRaw(template);
    const id = `payout-${n}`;
    setPath(item, 'payment.value', new RawNumber(String(cents)));
    setPath(item, 'payment.status', status);
    setPath(item, 'payment.correlationID', id);
    setPath(item, 'transaction.value', new RawNumber(String(cents)));
    setPath(item, 'transaction.endToEndId', `E23114447${pad(n, 23)}`);
    setPath(item, 'transaction.time', isoMillis(createdAt));
    return { id, item, createdAt, status, cents, reference: id };
  },
  slice: (query) => ({
    start: int(query.get('skip'), 0),
    size: Math.max(1, int(query.get('limit'), 10, 100)),
  }),
  list(template, items, slice, total) {
    const listed = template.charges !== undefined ? 'charges' : 'payments';
    return {
      pageInfo: {
        skip: new RawNumber(String(slice.start)),
        limit: new RawNumber(String(slice.size)),
        totalCount: new RawNumber(String(total)),
        hasPreviousPage: slice.start > 0,
        hasNextPage: slice.start + items.length < total,
      },
      [listed]: items,
    };
  },
  wrapper: { charge: 'charge', payout: 'payment' },
  createdCharge: (item) => ({ charge: item, correlationID: item.correlationID!, brCode: item.brCode! }),
  gotCharge: (item) => ({ charge: item }),
  createdPayout(template, generated) {
    const answer = cloneRaw(template);
    setPath(answer, 'payment.value', new RawNumber(String(generated.cents)));
    setPath(answer, 'payment.correlationID', generated.id);
    return answer;
  },
  refund(template, charge) {
    const answer = cloneRaw(template);
    setPath(answer, 'refund.value', new RawNumber(String(charge.cents)));
    setPath(answer, 'refund.correlationID', `refund-${charge.reference}`);
    return answer;
  },
};

const mercadopago: GatewayProfile = {
  name: 'mercadopago',
  payoutDescriptionAt: 'description',
  oldestFirst: true,
  chargeStatuses: ['approved', 'pending', 'rejected', 'refunded', 'in_process', 'cancelled'],
  payoutStatuses: ['approved', 'in_process', 'rejected'],
  money: (cents) => new RawNumber(reais(cents)),
  charge(template, n, createdAt, cents, status) {
    const item = cloneRaw(template);
    const id = 5466310457 + n;
    const reference = `order-${n}`;
    Object.assign(item, {
      id: new RawNumber(String(id)),
      date_created: mercadoPagoDate(createdAt),
      date_last_updated: mercadoPagoDate(createdAt),
      date_approved: status === 'approved' ? mercadoPagoDate(createdAt + 60_000) : null,
      status,
      external_reference: reference,
      transaction_amount: new RawNumber(reais(cents)),
    });
    setPath(item, 'transaction_details.total_paid_amount', new RawNumber(reais(cents)));
    return { id: String(id), item, createdAt, status, cents, reference };
  },
  payout(template, n, createdAt, cents, status) {
    const item = cloneRaw(template);
    const id = 1009042015 + n;
    Object.assign(item, {
      id: new RawNumber(String(id)),
      date_created: mercadoPagoDate(createdAt),
      date_last_updated: mercadoPagoDate(createdAt),
      status,
      status_detail:
        status === 'rejected' ? 'rejected_by_bank' : status === 'approved' ? 'accredited' : 'pending_review',
      external_reference: `saque-${pad(n, 4)}`,
      transaction_amount: new RawNumber(reais(cents)),
    });
    return { id: String(id), item, createdAt, status, cents, reference: `saque-${pad(n, 4)}` };
  },
  slice: (query) => ({
    start: int(query.get('offset'), 0),
    size: Math.max(1, int(query.get('limit'), 30, 1000)),
  }),
  list(template, items, slice, total) {
    return {
      ...cloneRaw(template),
      paging: {
        total: new RawNumber(String(total)),
        limit: new RawNumber(String(slice.size)),
        offset: new RawNumber(String(slice.start)),
      },
      results: items,
    };
  },
  wrapper: { charge: 'payment', payout: 'payout' },
  refund(template, charge) {
    const answer = cloneRaw(template);
    Object.assign(answer, {
      payment_id: new RawNumber(charge.id),
      amount: new RawNumber(reais(charge.cents)),
      amount_refunded_to_payer: new RawNumber(reais(charge.cents)),
    });
    return answer;
  },
};

const efi: GatewayProfile = {
  name: 'efi',
  payoutDescriptionAt: 'infoPagador',
  oldestFirst: true,
  chargeStatuses: ['CONCLUIDA', 'ATIVA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP'],
  payoutStatuses: ['REALIZADO', 'EM_PROCESSAMENTO', 'NAO_REALIZADO'],
  money: (cents) => reais(cents),
  charge(template, n, createdAt, cents, status) {
    const item = cloneRaw(template);
    const txid = `7978c0c97ea847e78e88${pad(n, 12)}`;
    setPath(item, 'calendario.criacao', isoMillis(createdAt));
    Object.assign(item, { txid, status });
    setPath(item, 'valor.original', reais(cents));
    return { id: txid, item, createdAt, status, cents, reference: txid };
  },
  payout(template, n, createdAt, cents, status) {
    const item = cloneRaw(template);
    const stamp = new Date(createdAt).toISOString().replace(/\D/g, '').slice(0, 12);
    const endToEndId = `E09089356${stamp}API${pad(n, 8)}`;
    const idEnvio = `envio${pad(n, 15)}`;
    Object.assign(item, { endToEndId, idEnvio, valor: reais(cents), status });
    setPath(item, 'horario.solicitacao', isoMillis(createdAt));
    if (status === 'REALIZADO') setPath(item, 'horario.liquidacao', isoMillis(createdAt + 1000));
    else delete (item.horario as RawObject).liquidacao;
    return { id: idEnvio, aliases: [endToEndId], item, createdAt, status, cents, reference: idEnvio };
  },
  slice(query) {
    const size = Math.max(1, int(query.get('paginacao.itensPorPagina'), 100, 1000));
    return { start: int(query.get('paginacao.paginaAtual'), 0) * size, size };
  },
  list(template, items, slice, total, query) {
    const listed = template.cobs !== undefined ? 'cobs' : 'pix';
    const parametros = cloneRaw((template.parametros ?? {}) as RawObject);
    if (query.get('inicio')) parametros.inicio = query.get('inicio')!;
    if (query.get('fim')) parametros.fim = query.get('fim')!;
    parametros.paginacao = {
      paginaAtual: new RawNumber(String(slice.start / slice.size)),
      itensPorPagina: new RawNumber(String(slice.size)),
      quantidadeDePaginas: new RawNumber(String(Math.ceil(total / slice.size))),
      quantidadeTotalDeItens: new RawNumber(String(total)),
    };
    return { parametros, [listed]: items };
  },
  wrapper: { charge: 'cob', payout: 'pix' },
  createdPayout(template, generated) {
    const answer = cloneRaw(template);
    Object.assign(answer, {
      idEnvio: generated.id,
      e2eId: generated.aliases![0]!,
      valor: reais(generated.cents),
    });
    setPath(answer, 'horario.solicitacao', isoMillis(generated.createdAt));
    return answer;
  },
  refund(template, charge) {
    const answer = cloneRaw(template);
    answer.valor = reais(charge.cents);
    answer.id = `D${charge.reference.slice(-10)}`;
    return answer;
  },
};

export const PROFILES: Readonly<Record<GatewayName, GatewayProfile>> = {
  asaas,
  pagarme,
  woovi,
  mercadopago,
  efi,
};
