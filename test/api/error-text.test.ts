// The API client's errors carry facts (which resource, which key, which failure), never command
// text; what a person reads is said from them at the top (src/output/error-text.ts), in the very
// words the client used to write itself: these rows pin those words.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Client } from '../../src/api/client.js';
import { errorFromEnvelope, OutcomeUnknownError } from '../../src/api/errors.js';
import { requestedResource } from '../../src/api/requested-resource.js';
import { normalizeBase } from '../../src/api/url.js';
import { reportError } from '../../src/cli.js';
import { type NextStep, NotConfiguredError, PaygateError, UsageError } from '../../src/errors.js';
import { errorHint, errorMessage } from '../../src/output/error-text.js';
import { closedPort, hang, makeClient, rejection, startServer, type TestServer, text } from './helpers.js';

function rejectionOf(call: () => unknown): PaygateError {
  try {
    call();
  } catch (error) {
    if (error instanceof PaygateError) return error;
  }
  throw new Error('expected a PaygateError');
}

describe('requestedResource: the resource a request path names', () => {
  it.each([
    ['/charges', { kind: 'charge' }],
    ['/charges?limit=5', { kind: 'charge' }],
    ['/charges/ci_1', { kind: 'charge', id: 'ci_1' }],
    ['/charges/ci_1/refund', { kind: 'charge', id: 'ci_1', action: 'refund' }],
    ['/charges/ci_1/cancel', { kind: 'charge', id: 'ci_1', action: 'cancel' }],
    ['/charges/ci_1/capture', { kind: 'charge', id: 'ci_1', action: 'capture' }],
    ['/charges/a%20b/refund', { kind: 'charge', id: 'a b', action: 'refund' }],
    ['/payouts', { kind: 'payout' }],
    ['/webhooks/wh_1/test', { kind: 'webhook', id: 'wh_1', action: 'test' }],
    ['/tokens/card', { kind: 'token' }],
    ['/tokens', undefined],
    ['/account', undefined],
    ['charges', undefined],
  ] as const)('%s → %o', (path, resource) => {
    expect(requestedResource(path)).toEqual(resource);
  });
});

describe('errorMessage: the message with its next step in words', () => {
  const lookFirst = (path: string) =>
    new OutcomeUnknownError('POST x: outcome unknown; it may have been processed.', {
      nextStep: { kind: 'look_before_retrying', resource: requestedResource(path) },
    });
  it.each([
    ['/charges', '`paygate charge list` (or `charge find --external-id`)'],
    ['/charges/ci_1/refund', '`paygate charge get ci_1`'],
    ['/charges/ci_1/cancel', '`paygate charge get ci_1`'],
    ['/charges/ci_1/capture', '`paygate charge list` (or `charge find --external-id`)'],
    ['/payouts', '`paygate payout list`'],
    ['/webhooks', '`paygate webhook list`'],
    ['/webhooks/wh_1', '`paygate webhook list`'],
    ['/tokens/card', 'nothing to check (a card token can be created again)'],
    ['/anything', 'a GET of the resource'],
  ])('%s → check with %s', (path, look) => {
    expect(errorMessage(lookFirst(path))).toBe(
      `POST x: outcome unknown; it may have been processed. Nothing was retried: check with ${look} before retrying.`,
    );
  });

  it('a malformed base URL says where it is set', () => {
    const error = rejectionOf(() => normalizeBase('https://ops:hunter2@api.example.com/api'));
    expect(error.message).toBe(
      'invalid base URL "https://ops:***@api.example.com/api": it must not contain a user name or password',
    );
    expect(errorMessage(error)).toBe(
      'invalid base URL "https://ops:***@api.example.com/api": it must not contain a user name or password ' +
        '(set it with --base-url or PAYGATE_BASE_URL, e.g. https://api.example.com)',
    );
    expect(errorHint(error)).toBeUndefined();
  });

  it("a gateway's refusal says the field it named, unless its words already do", () => {
    const refusal = (message: string, field?: string) =>
      errorFromEnvelope(400, { type: 'invalid_request_error', message, field }, { method: 'POST', url: 'x' });
    expect(errorMessage(refusal('must be a positive integer', 'amount'))).toBe(
      'must be a positive integer (field: amount)',
    );
    expect(errorMessage(refusal('amount must be a positive integer', 'amount'))).toBe(
      'amount must be a positive integer',
    );
    expect(errorMessage(refusal('Saldo insuficiente'))).toBe('Saldo insuficiente');
    // A usage error names its flag in its own words: not from an answer, nothing is added.
    expect(errorMessage(new UsageError('must be a positive integer', { field: '--amount' }))).toBe(
      'must be a positive integer',
    );
  });

  it('an error without a next step, or not an error, is said as it is', () => {
    expect(errorMessage(new PaygateError('as it is', 1))).toBe('as it is');
    expect(errorMessage(new Error('plain'))).toBe('plain');
    expect(errorMessage('text')).toBe('text');
  });
});

describe('the --json type of an error made without one', () => {
  // Scripts match `type`; the build minifies class names, so it never comes from the class.
  it.each([
    [1, 'internal_error'],
    [2, 'usage_error'],
    [3, 'refused'],
    [4, 'authentication_error'],
    [5, 'rate_limit_error'],
    [6, 'network_error'],
    [7, 'final_status'],
    [8, 'still_pending'],
    [9, 'outcome_unknown'],
    [10, 'incomplete'],
    [130, 'interrupted'],
  ] as const)('exit %i: %s', (exitCode, type) => {
    class Minified extends PaygateError {}
    expect(new Minified('m', exitCode).toJSON()).toMatchObject({ type, exit_code: exitCode });
  });

  it('a type given is kept', () => {
    expect(new PaygateError('m', 2, { type: 'cnpj' }).toJSON().type).toBe('cnpj');
  });
});

describe('errorHint: the hint of a next step', () => {
  const untrusted =
    "the server's certificate is signed by a certificate authority this machine does not trust; " +
    'behind a company proxy that inspects TLS, or for a private CA, set NODE_EXTRA_CA_CERTS=/path/to/ca.pem';
  const network = (code: string, timedOut = false, tooLong = false): NextStep => ({
    kind: 'reach_gateway',
    code,
    timedOut,
    tooLong,
  });
  it.each([
    [
      { kind: 'configure_key', key: 'secret' },
      'run `paygate login` (it asks for the key, or reads it with --secret-key-stdin), or set PAYGATE_SECRET_KEY',
    ],
    [{ kind: 'configure_key', key: 'public' }, 'run `paygate login --public-key`, or set PAYGATE_PUBLIC_KEY'],
    [{ kind: 'check_secret_key' }, 'check the secret key (`paygate login`, or PAYGATE_SECRET_KEY)'],
    [{ kind: 'check_base_url', because: 'no_api' }, 'check --base-url (the gateway URL, without /v1)'],
    [
      { kind: 'check_base_url', because: 'not_the_api' },
      'the answer did not come from the gateway API: check --base-url, the API prefix and any proxy',
    ],
    [{ kind: 'check_base_url', because: 'redirect' }, 'check --base-url (e.g. https:// instead of http://)'],
    [
      network('ETIMEDOUT', true),
      'the gateway did not answer in time; raise --request-timeout or try again later',
    ],
    [network('EBODYTOOLARGE', false, true), 'that is not an API answer: check --base-url and any proxy'],
    [
      network('ECONNREFUSED'),
      'nothing is listening at the base URL: is the gateway (or `paygate sandbox start`) running?',
    ],
    [network('ENOTFOUND'), 'the host name does not resolve: check --base-url'],
    [network('EAI_AGAIN'), 'the host name does not resolve: check --base-url'],
    [network('SELF_SIGNED_CERT_IN_CHAIN'), untrusted],
    [network('UNABLE_TO_GET_ISSUER_CERT'), untrusted],
    [network('CERT_NOT_YET_VALID'), "the server's certificate is not valid yet: check this machine's clock"],
    [network('ERR_SSL_WRONG_VERSION_NUMBER'), 'TLS certificate problem: check --base-url and any proxy'],
    [network('ECONNRESET'), undefined],
    [
      {
        ...network('ETIMEDOUT', true),
        stalledProxy: { origin: 'http://proxy:3128', variable: 'HTTPS_PROXY' },
      },
      'the connection through the proxy at http://proxy:3128 (HTTPS_PROXY) did not complete in time: the proxy, ' +
        'or the gateway behind it, did not answer; check the proxy, or raise --request-timeout',
    ],
    [{ kind: 'look_before_retrying', resource: undefined }, undefined],
  ] as const)('%o → %s', (step, hint) => {
    expect(errorHint(new PaygateError('m', 6, {}, step))).toBe(hint);
  });

  it("the error's own hint comes first", () => {
    const error = new PaygateError(
      'm',
      6,
      { hint: 'its own' },
      { kind: 'check_base_url', because: 'no_api' },
    );
    expect(errorHint(error)).toBe('its own');
    expect(errorHint(new Error('plain'))).toBeUndefined();
  });
});

describe('what the client raises, as reportError prints it', () => {
  let server: TestServer;
  const clients: Client[] = [];
  beforeEach(async () => {
    server = await startServer(hang);
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close();
    await server.close();
  });
  const report = async (error: unknown, json = false) => {
    let stderr = '';
    const code = await reportError(
      error,
      { stderr: { write: (text: string) => (stderr += text) } as never },
      {
        json,
        debug: false,
      },
    );
    return { code, stderr };
  };

  it('a refund whose answer never came: the facts, then where to look, on one line (exit 9)', async () => {
    const { client } = makeClient(server.url, { timeoutMs: 80 });
    clients.push(client);
    const error = await rejection(client.charges.refund('ci_1', {}));
    const url = `${server.url}/v1/charges/ci_1/refund`;
    expect(error.message).toBe(
      `POST ${url}: outcome unknown: no answer within 80ms after the request was sent; it may have been processed.`,
    );
    expect(await report(error)).toEqual({
      code: 9,
      stderr:
        `error: POST ${url}: outcome unknown: no answer within 80ms after the request was sent; it may have been processed. ` +
        'Nothing was retried: check with `paygate charge get ci_1` before retrying.\n',
    });
    expect(JSON.parse((await report(error, true)).stderr).error.message).toMatch(
      /processed\. Nothing was retried: check with `paygate charge get ci_1` before retrying\.$/,
    );
  });

  it('no secret key: the hint names the login, text and --json (hint last)', async () => {
    const { client } = makeClient(server.url, { secretKey: undefined });
    clients.push(client);
    const error = await rejection(client.account.getAccount());
    expect(error).toBeInstanceOf(NotConfiguredError);
    expect(error.details).toEqual({ type: 'not_configured', hint: undefined });
    const hint =
      'run `paygate login` (it asks for the key, or reads it with --secret-key-stdin), or set PAYGATE_SECRET_KEY';
    expect(await report(error)).toEqual({
      code: 4,
      stderr: `error: no secret key configured\nhint: ${hint}\n`,
    });
    expect((await report(error, true)).stderr).toBe(
      `${JSON.stringify({ error: { type: 'not_configured', code: null, message: 'no secret key configured', exit_code: 4, hint } })}\n`,
    );
    expect(server.requests).toEqual([]);
  });

  it.each([
    [
      404,
      {},
      3,
      'the answer did not come from the gateway API: check --base-url, the API prefix and any proxy',
    ],
    [
      301,
      { location: 'https://elsewhere.example/' },
      3,
      'check --base-url (e.g. https:// instead of http://)',
    ],
  ] as const)(
    'a page that is not the API (HTTP %i): the hint says to check --base-url',
    async (status, headers, exit, hint) => {
      server.handle((_req, res) => {
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        text(res, status, '<html>not the API</html>');
      });
      const { client } = makeClient(server.url);
      clients.push(client);
      const error = await rejection(client.account.getBalance());
      expect(error.nextStep).toEqual({
        kind: 'check_base_url',
        because: status === 404 ? 'not_the_api' : 'redirect',
      });
      const printed = await report(error);
      expect(printed.code).toBe(exit);
      expect(printed.stderr).toMatch(
        new RegExp(`: an HTML page\\nhint: ${hint.replace(/[.()?*+]/g, '\\$&')}\\n$`),
      );
    },
  );

  it('nothing listening: exit 6, the hint says what to start', async () => {
    const { client } = makeClient(`http://127.0.0.1:${await closedPort()}`, { maxAttempts: 1 });
    clients.push(client);
    const error = await rejection(client.account.getAccount());
    expect(error.message).not.toContain('paygate');
    expect((await report(error)).stderr).toMatch(
      /\nhint: nothing is listening at the base URL: is the gateway \(or `paygate sandbox start`\) running\?\n$/,
    );
  });
});
