// Double-entry ledger of the sandbox. Every movement of money is a transaction whose postings
// sum to zero, so the balances of all accounts together always sum to zero. Accounts:
//   seller:<id>:available        what the seller can pay out (may go negative, see README)
//   seller:<id>:pending          funds not yet settled (PIX settles at once: stays 0 here)
//   seller:<id>:reserved         the reserveRate share held back from each credit
//   seller:<id>:payouts_in_flight money of payouts created and not yet completed or failed
//   house:fees                   Cash In fees collected by the gateway
//   external:pix_in              the payers' side (negative: money that came in)
//   external:card_in, external:boleto_in   the same for card and boleto payments
//   external:pix_out             the receiving banks' side of completed payouts
// Seller balances are read from here; nothing else keeps a balance.
import { computeFee } from '../domain/split.js';

export interface Posting {
  account: string;
  amount: number;
  memo?: string;
}

export interface LedgerTxn {
  id: number;
  kind: string;
  ref: string;
  at: string;
  postings: Posting[];
}

export const account = {
  available: (sellerId: number): string => `seller:${sellerId}:available`,
  pending: (sellerId: number): string => `seller:${sellerId}:pending`,
  reserved: (sellerId: number): string => `seller:${sellerId}:reserved`,
  payoutsInFlight: (sellerId: number): string => `seller:${sellerId}:payouts_in_flight`,
  fees: 'house:fees',
  pixIn: 'external:pix_in',
  cardIn: 'external:card_in',
  boletoIn: 'external:boleto_in',
  pixOut: 'external:pix_out',
} as const;

export class LedgerError extends Error {}

export class Ledger {
  readonly #balances = new Map<string, number>();
  #txns: LedgerTxn[] = [];

  get journal(): readonly LedgerTxn[] {
    return this.#txns;
  }

  /** Records a transaction; refuses one whose postings are not integers summing to zero. */
  post(kind: string, ref: string, at: string, postings: Posting[]): LedgerTxn {
    let sum = 0;
    for (const posting of postings) {
      if (!Number.isSafeInteger(posting.amount))
        throw new LedgerError(`non-integer posting ${posting.amount} to ${posting.account}`);
      sum += posting.amount;
    }
    if (sum !== 0) throw new LedgerError(`unbalanced transaction ${kind} ${ref}: sums to ${sum}`);
    const txn: LedgerTxn = {
      id: this.#txns.length + 1,
      kind,
      ref,
      at,
      postings: postings.filter((posting) => posting.amount !== 0),
    };
    this.#apply(txn);
    this.#txns.push(txn);
    return txn;
  }

  /** Posts the exact opposite of `txn`. */
  reverse(txn: LedgerTxn, kind: string, at: string): LedgerTxn {
    return this.post(
      kind,
      txn.ref,
      at,
      txn.postings.map((posting) => ({
        account: posting.account,
        amount: -posting.amount,
        memo: `reversal of #${txn.id}`,
      })),
    );
  }

  find(id: number): LedgerTxn | undefined {
    return this.#txns[id - 1];
  }

  balance(name: string): number {
    return this.#balances.get(name) ?? 0;
  }

  /** Every account with its balance. */
  accounts(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [name, value] of [...this.#balances].sort(([first], [second]) =>
      first < second ? -1 : first > second ? 1 : 0,
    )) {
      out[name] = value;
    }
    return out;
  }

  /** Sum of every account: zero, always. */
  sum(): number {
    let sum = 0;
    for (const balance of this.#balances.values()) sum += balance;
    return sum;
  }

  reset(): void {
    this.#balances.clear();
    this.#txns = [];
  }

  toJSON(): LedgerTxn[] {
    return this.#txns;
  }

  /** Replaces the journal (state file) and recomputes every balance from it. */
  load(journal: LedgerTxn[]): void {
    this.reset();
    for (const txn of journal) {
      let sum = 0;
      for (const posting of txn.postings) sum += posting.amount;
      if (sum !== 0) throw new LedgerError(`state file: transaction #${txn.id} does not balance`);
      this.#apply(txn);
      this.#txns.push(txn);
    }
  }

  #apply(txn: LedgerTxn): void {
    for (const posting of txn.postings)
      this.#balances.set(posting.account, (this.#balances.get(posting.account) ?? 0) + posting.amount);
  }
}

export interface ChargePaymentInput {
  chargeId: string;
  amount: number;
  fee: number;
  mainSellerId: number;
  /** Split parts credited to other sellers (absent or empty for a plain charge). */
  parts: Array<{ sellerId: number; amount: number }>;
  /** Percent of each positive credit held in `reserved` (0 = none). */
  reserveRate: number;
  /** The payers' side of the money (default external:pix_in). */
  source?: string;
}

/**
 * Postings of a paid PIX charge: the payer's money comes in, the main seller is credited the
 * gross amount and charged the fee (to the house), each split part moves from the main seller
 * to its seller, and the reserveRate share of each seller's net credit moves to `reserved`.
 * The main seller ends with amount − fee − Σparts, which is negative when fixed parts exceed
 * the net value: fixed parts may total up to the charge amount, fee not deducted
 * (docs/gateway-api.md, "Split").
 */
export function chargePaymentPostings(input: ChargePaymentInput): Posting[] {
  const main = input.mainSellerId;
  const postings: Posting[] = [
    { account: input.source ?? account.pixIn, amount: -input.amount, memo: `payment of ${input.chargeId}` },
    { account: account.available(main), amount: input.amount, memo: 'gross amount' },
    { account: account.available(main), amount: -input.fee, memo: 'Cash In fee' },
    { account: account.fees, amount: input.fee, memo: `fee of ${input.chargeId}` },
  ];
  const credits = new Map<number, number>();
  credits.set(main, input.amount - input.fee);
  for (const part of input.parts) {
    postings.push({
      account: account.available(main),
      amount: -part.amount,
      memo: `split to ${part.sellerId}`,
    });
    postings.push({ account: account.available(part.sellerId), amount: part.amount, memo: 'split part' });
    credits.set(main, (credits.get(main) ?? 0) - part.amount);
    credits.set(part.sellerId, (credits.get(part.sellerId) ?? 0) + part.amount);
  }
  if (input.reserveRate > 0) {
    for (const [sellerId, credit] of credits) {
      if (credit <= 0) continue;
      const held = computeFee(credit, input.reserveRate);
      if (held <= 0) continue;
      postings.push({ account: account.available(sellerId), amount: -held, memo: 'reserve' });
      postings.push({ account: account.reserved(sellerId), amount: held, memo: 'reserve' });
    }
  }
  return postings;
}
