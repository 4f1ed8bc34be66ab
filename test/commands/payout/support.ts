// Helpers for the payout tests: fund the main seller, read what the sandbox received.
import { fakeTime as commandTime } from '../../helpers/fake-time.js';
import type { TestSandbox } from '../../helpers/sandbox.js';

// biome-ignore lint/suspicious/noExplicitAny: test helper over the sandbox's JSON
type Data = any;

async function api(ts: TestSandbox, method: string, path: string, body?: unknown): Promise<Data> {
  const response = await fetch(`${ts.url}/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${ts.main.secret_key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { success: boolean; data: Data };
  if (!json.success) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`);
  return json.data;
}

/** Pays a PIX charge of `gross` to the main seller: its net (gross − 3.99%) becomes available. */
export async function fund(ts: TestSandbox, gross = 100_000): Promise<number> {
  const charge = await api(ts, 'POST', '/charges', { amount: gross, payment_method: 'pix' });
  await ts.control(`/_sandbox/charges/${charge.id}/pay`);
  return (await balance(ts)).available;
}

export async function balance(
  ts: TestSandbox,
): Promise<{ available: number; pending: number; reserved: number }> {
  return api(ts, 'GET', '/balance');
}

/** Every payout of the main seller, as the API lists them. */
export async function payouts(
  ts: TestSandbox,
): Promise<Array<{ id: string; amount: number; status: string; description: string | null }>> {
  return api(ts, 'GET', '/payouts?limit=100');
}

/** How many POST /v1/payouts the sandbox received (answered or not). */
export function payoutPosts(ts: TestSandbox): number {
  return ts.sandbox.requests.filter(
    (request) => request.method === 'POST' && /\/v1\/payouts$/.test(request.path),
  ).length;
}

export function apiRequests(ts: TestSandbox): number {
  return ts.sandbox.requests.length;
}

export async function createPayoutDirectly(
  ts: TestSandbox,
  amount: number,
  description?: string,
): Promise<{ id: string }> {
  return api(ts, 'POST', '/payouts', { amount, ...(description ? { description } : {}) });
}

/** The newest payout of the main seller. */
export async function latestPayout(ts: TestSandbox): Promise<{ id: string; amount: number; status: string }> {
  const list = await payouts(ts);
  if (!list[0]) throw new Error('no payout yet');
  return list[0];
}

/** A fake clock whose sleep advances it, and runs `onSleep` first (e.g. to complete a payout). */
export function fakeTime(onSleep?: (ms: number) => Promise<void> | void) {
  return commandTime((_count, ms) => onSleep?.(ms));
}
