// A gateway (or a proxy that inspects TLS) whose certificate this machine cannot check: exit 6,
// nothing sent, and a hint that says what is wrong and what to set (the error's next step, said
// by src/output/error-text.ts). The certificates are made at test time with openssl.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { errorHint } from '../../src/output/error-text.js';
import { run, tempConfigDir } from '../helpers/run-cli.js';
import { json, makeClient, ok, rejection, SECRET } from './helpers.js';

interface Pki {
  root: string;
  intermediate: string;
  selfSigned: { key: string; cert: string };
  /** Signed by `root`, for localhost. */
  leaf: { key: string; cert: string };
  /** Signed by `intermediate`, for localhost. */
  leafOfIntermediate: { key: string; cert: string };
  /** Signed by `root`, for localhost, expired. */
  expired: { key: string; cert: string };
  /** Signed by `root`, for another name. */
  otherName: { key: string; cert: string };
}

/** A root CA, an intermediate and the leaves of the cases; undefined without openssl. */
function makePki(): Pki | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'paygate-pki-'));
  const file = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore', cwd: dir });
  const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  const localhost = 'subjectAltName=DNS:localhost,IP:127.0.0.1\n';
  writeFileSync(file('localhost.ext'), localhost);
  writeFileSync(file('other.ext'), 'subjectAltName=DNS:other.example\n');
  writeFileSync(file('ca.ext'), 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n');
  const leaf = (name: string, subject: string, ca: string, ext: string, days: string) => {
    openssl('req', ...ecKey, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', subject);
    openssl(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      `${ca}.pem`,
      '-CAkey',
      `${ca}.key`,
      '-CAcreateserial',
      '-out',
      `${name}.pem`,
      '-days',
      days,
      '-extfile',
      ext,
    );
    return {
      key: readFileSync(file(`${name}.key`), 'utf8'),
      cert: readFileSync(file(`${name}.pem`), 'utf8'),
    };
  };
  try {
    openssl(
      'req',
      '-x509',
      ...ecKey,
      '-keyout',
      'root.key',
      '-out',
      'root.pem',
      '-days',
      '2',
      '-subj',
      '/CN=Test Root',
    );
    openssl(
      'req',
      '-x509',
      ...ecKey,
      '-keyout',
      'self.key',
      '-out',
      'self.pem',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      localhost.trim(),
    );
    const intermediate = leaf('intermediate', '/CN=Test Intermediate', 'root', 'ca.ext', '2');
    return {
      root: readFileSync(file('root.pem'), 'utf8'),
      intermediate: intermediate.cert,
      selfSigned: {
        key: readFileSync(file('self.key'), 'utf8'),
        cert: readFileSync(file('self.pem'), 'utf8'),
      },
      leaf: leaf('leaf', '/CN=localhost', 'root', 'localhost.ext', '2'),
      leafOfIntermediate: leaf('leaf2', '/CN=localhost', 'intermediate', 'localhost.ext', '2'),
      // Valid from now until yesterday: expired from its first second.
      expired: leaf('expired', '/CN=localhost', 'root', 'localhost.ext', '-1'),
      otherName: leaf('other', '/CN=other.example', 'root', 'other.ext', '2'),
    };
  } catch {
    return undefined;
  }
}

const pki = makePki();
const withOpenssl = pki ? describe : describe.skip;

const servers: https.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** An https server on localhost with this key and chain; counts the requests that reached it. */
async function serve(key: string, chain: string) {
  const seen: string[] = [];
  const server = https.createServer({ key, cert: chain }, (req, res) => {
    seen.push(`${req.method} ${req.url}`);
    req.resume();
    json(res, 200, ok({ reached: true }));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `https://localhost:${(server.address() as AddressInfo).port}`, seen };
}

const UNTRUSTED =
  "the server's certificate is signed by a certificate authority this machine does not trust; " +
  'behind a company proxy that inspects TLS, or for a private CA, set NODE_EXTRA_CA_CERTS=/path/to/ca.pem';

withOpenssl('a certificate this machine cannot check', () => {
  const cases: Array<{
    name: string;
    key: () => string;
    chain: () => string;
    ca?: () => string;
    code: string;
    hint: string;
  }> = [
    {
      name: 'a self-signed certificate',
      key: () => pki!.selfSigned.key,
      chain: () => pki!.selfSigned.cert,
      code: 'DEPTH_ZERO_SELF_SIGNED_CERT',
      hint: UNTRUSTED,
    },
    {
      name: 'signed by an unknown CA, sent alone',
      key: () => pki!.leaf.key,
      chain: () => pki!.leaf.cert,
      code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      hint: UNTRUSTED,
    },
    {
      name: 'signed by an unknown CA sent along',
      key: () => pki!.leaf.key,
      chain: () => pki!.leaf.cert + pki!.root,
      code: 'SELF_SIGNED_CERT_IN_CHAIN',
      hint: UNTRUSTED,
    },
    {
      name: 'an intermediate of an unknown root',
      key: () => pki!.leafOfIntermediate.key,
      chain: () => pki!.leafOfIntermediate.cert + pki!.intermediate,
      code: 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
      hint: UNTRUSTED,
    },
    {
      name: 'an expired certificate of a trusted CA',
      key: () => pki!.expired.key,
      chain: () => pki!.expired.cert,
      ca: () => pki!.root,
      code: 'CERT_HAS_EXPIRED',
      hint: "the server's certificate has expired (or this machine's clock is wrong): the gateway, or a proxy that inspects TLS, must renew it; a trusted CA does not help",
    },
    {
      name: 'a certificate of a trusted CA for another name',
      key: () => pki!.otherName.key,
      chain: () => pki!.otherName.cert,
      ca: () => pki!.root,
      code: 'ERR_TLS_CERT_ALTNAME_INVALID',
      hint: "the server's certificate is for another host name: check --base-url; a proxy that inspects TLS must present a certificate for the gateway's name",
    },
  ];

  for (const { name, key, chain, ca, code, hint } of cases) {
    it(`${name}: ${code}, exit 6 for a POST too, nothing reached the server, the hint says what it is`, async () => {
      const server = await serve(key(), chain());
      const c = makeClient(server.origin, { env: {}, ...(ca ? { ca: ca() } : {}) }).client;
      try {
        const error = await rejection(c.request('POST', '/payouts', { body: {} }));
        expect({
          exit: error.exitCode,
          code: error.code,
          hint: errorHint(error),
        }).toEqual({
          exit: 6,
          code,
          hint,
        });
        expect(error.message).toContain('nothing reached the gateway');
        expect(server.seen).toEqual([]);
      } finally {
        await c.close();
      }
    });
  }

  it('the same server is reached once its CA is trusted (the cases fail for their certificate only)', async () => {
    const server = await serve(pki!.leafOfIntermediate.key, pki!.leafOfIntermediate.cert + pki!.intermediate);
    const c = makeClient(server.origin, { env: {}, ca: pki!.root }).client;
    try {
      await expect(c.request('GET', '/balance')).resolves.toEqual({ reached: true });
    } finally {
      await c.close();
    }
  });

  it('the command prints the hint under the error', async () => {
    const server = await serve(pki!.selfSigned.key, pki!.selfSigned.cert);
    const result = await run(['balance'], {
      env: {
        PAYGATE_CONFIG_DIR: tempConfigDir(),
        PAYGATE_BASE_URL: server.origin,
        PAYGATE_SECRET_KEY: SECRET,
      },
    });
    expect(result.code).toBe(6);
    expect(result.stderr).toContain('DEPTH_ZERO_SELF_SIGNED_CERT');
    expect(result.stderr).toContain(`hint: ${UNTRUSTED}`);
  });
});
