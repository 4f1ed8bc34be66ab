// `paygate login` finds where a deployment serves the API (/v1 or /api/v1) before it keeps the
// profile: the first prefix that answers the API's envelope wins.
import { apiFact } from '../errors.js';
import { isJsonObject } from '../json.js';
import { Client, type ClientOptions } from './client.js';
import { failureBody } from './envelope.js';
import { NotFoundError, oneLine } from './errors.js';

/**
 * Finds where a deployment serves the API, for `paygate login`: GET /v1/account, then
 * /api/v1/account when the first answers 404 or something that is not the envelope. The first
 * prefix whose answer is the API's envelope (success, or an error such as 401) wins; a 401 there
 * still means "the API is here" and the caller's verification will report it.
 */
export async function detectApiPrefix(
  baseUrl: string,
  secretKey: string | undefined,
  options: Omit<ClientOptions, 'baseUrl' | 'secretKey' | 'apiPrefix'> = {},
): Promise<'/v1' | '/api/v1'> {
  const tried: string[] = [];
  for (const prefix of ['/v1', '/api/v1'] as const) {
    const client = new Client({ ...options, baseUrl, secretKey, apiPrefix: prefix });
    try {
      const url = client.url('/account');
      if (tried.includes(url)) continue; // a base URL ending in /api: both prefixes are one URL
      tried.push(url);
      // Network errors propagate: the other prefix is on the same host.
      const answer = await client.requestRaw('GET', '/account', { auth: secretKey ? 'secret' : 'none' });
      const body = answer.body;
      const isEnvelope = isJsonObject(body) && (body.success === true || failureBody(body) !== undefined);
      if (isEnvelope && answer.status !== 404) return prefix;
    } finally {
      await client.close();
    }
  }
  const [first = '', second] = tried;
  const where = oneLine(baseUrl, 120);
  const fact =
    second === undefined
      ? apiFact('noApiFound', { baseUrl: where, tried: first })
      : apiFact('noApiFoundTwice', { baseUrl: where, first, second });
  throw new NotFoundError(fact, {
    status: 404,
    code: 'api_not_found',
    nextStep: { kind: 'check_base_url', because: 'no_api' },
  });
}
