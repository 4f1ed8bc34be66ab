// Account and balance: GET /v1/account, GET /v1/balance.

import { type MoneyReading, type MoneyUnit, readMoney, writtenText } from '../domain/money-reading.js';
import { isJsonObject } from '../json.js';
import type { Account, Balance } from '../schemas/account.js';
import type { CallOptions } from './charges.js';
import type { ApiRequester } from './requester.js';
import { ANY_OBJECT } from './required-fields.js';

export class AccountApi {
  readonly #client: ApiRequester;
  constructor(client: ApiRequester) {
    this.#client = client;
  }

  /** GET /v1/account (also how `paygate login` verifies a key). */
  async getAccount(options: CallOptions = {}): Promise<Account> {
    return this.#client.request('GET', '/account', { needs: ANY_OBJECT, signal: options.signal });
  }

  /** GET /v1/balance: available, pending, reserved (centavos). */
  async getBalance(options: CallOptions = {}): Promise<Balance> {
    return this.#client.request('GET', '/balance', { needs: ANY_OBJECT, signal: options.signal });
  }
}

/** One money figure of a balance answer: integer centavos, or what came, shown as received. */
export interface BalanceFigure {
  /** The field it came from (`available`, `available_balance`, `balance.available`). */
  field: string;
  value: unknown;
  /** Set only when the value's unit is known (money is never guessed: docs/gateway-api.md, "Money as it was written"). */
  centavos?: number;
  /** How it was read: centavos, or of unknown unit and why. */
  reading: MoneyReading;
}

export interface BalanceReading {
  available?: BalanceFigure;
  pending?: BalanceFigure;
  reserved?: BalanceFigure;
  currency?: string;
}

const BALANCE_NAMES = {
  // Asaas answers its available balance as `balance`, BCB's Pix API (Efí) as `saldo`.
  available: ['available', 'available_balance', 'availableBalance', 'available_amount', 'balance', 'saldo'],
  pending: ['pending', 'pending_balance', 'pendingBalance', 'pending_amount'],
  reserved: ['reserved', 'reserved_balance', 'reservedBalance', 'reserves', 'reserve', 'blocked'],
} as const;

/**
 * Reads a balance answer of any plausible shape (docs/gateway-api.md does not show it): our names, `…_balance`
 * and camelCase ones, at the top level, under `balance` or under `account.balance`. Each figure is
 * read by readMoney: centavos under the API's names as integers, or in the unit `declared`
 * (gateway.money_unit); anything else is kept as received without centavos: no command computes from it.
 */
export function readBalance(data: unknown, declared?: MoneyUnit): BalanceReading {
  const top = isJsonObject(data) ? data : {};
  const scopes: Array<[string, Record<string, unknown>]> = [['', top]];
  if (isJsonObject(top.balance)) scopes.push(['balance.', top.balance]);
  // Woovi: `{account: {accountId, balance: {total, blocked, available}}}`.
  if (isJsonObject(top.account) && isJsonObject(top.account.balance))
    scopes.push(['account.balance.', top.account.balance]);
  // The figures' currency as received (any type): one other than BRL makes them of unknown unit.
  const currency = [top.currency, isJsonObject(top.balance) ? top.balance.currency : undefined].find(
    (value) => value !== undefined && value !== null,
  );
  const figure = (names: readonly string[]): BalanceFigure | undefined => {
    for (const [prefix, scope] of scopes) {
      for (const name of names) {
        const value = scope[name];
        if (value === undefined || value === null || isJsonObject(value)) continue;
        const reading = readMoney(prefix + name, value, declared, { currency });
        return {
          field: reading.field,
          value,
          reading,
          ...(reading.known ? { centavos: reading.centavos } : {}),
        };
      }
    }
    return undefined;
  };
  return {
    available: figure(BALANCE_NAMES.available),
    pending: figure(BALANCE_NAMES.pending),
    reserved: figure(BALANCE_NAMES.reserved),
    ...(currency !== undefined ? { currency: writtenText(currency) } : {}),
  };
}

/** Why a figure cannot be used as money, for messages; undefined when it can. */
export function unusableMoney(figure: BalanceFigure | undefined, what: string): string | undefined {
  if (!figure) return `the answer has no ${what} balance paygate recognises`;
  return figure.reading.known ? undefined : figure.reading.why;
}
