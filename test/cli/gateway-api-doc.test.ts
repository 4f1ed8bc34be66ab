// docs/gateway-api.md names every request paygate can send and every route its sandbox serves:
// the client's resource APIs (the `…Api` classes of src/api/) are called against a requester that
// records each request, and the sandbox's route tables (src/sandbox/routes/) are read as they are
// served. Nothing is listed by hand here, so a new API method or sandbox route that the page does
// not name fails this test.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ApiRequester, Method } from '../../src/api/requester.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const page = readFileSync(`${root}docs/gateway-api.md`, 'utf8');

/** The TypeScript modules of a folder of src/, imported. */
async function modulesOf(folder: string): Promise<[string, Record<string, unknown>][]> {
  const names = readdirSync(`${root}src/${folder}`).filter((name) => name.endsWith('.ts'));
  return Promise.all(
    names.map(
      async (name) =>
        [name, await import(pathToFileURL(`${root}src/${folder}/${name}`).href)] as [
          string,
          Record<string, unknown>,
        ],
    ),
  );
}

/** `GET /v1/charges/{id}`: a method and a path as the page writes them, an id as `{id}`, no query. */
const endpoint = (method: string, path: string) => `${method} ${path.split('?')[0]}`;

/**
 * The requests the page names: the rows of its endpoint table (`| GET, POST | /v1/webhooks |`)
 * and any `METHOD /v1/…` in code (`POST /v1/charges/{id}/capture`).
 */
function endpointsOnThePage(): Set<string> {
  const named = new Set<string>();
  for (const row of page.matchAll(/^\| ([A-Z, ]+) \| (\/v1\/\S*) \|/gm)) {
    for (const method of row[1]!.split(',')) named.add(endpoint(method.trim(), row[2]!));
  }
  for (const code of page.matchAll(/`(GET|POST|PUT|DELETE) (\/v1\/[^`\s]*)/g))
    named.add(endpoint(code[1]!, code[2]!));
  return named;
}

const ID = 'ci_imaginary01';
const NOT_SENT = new Error('recorded, not sent');

/** A requester that records what it is asked to send, and sends nothing. */
function recordingRequester(sent: string[]): ApiRequester {
  const record = (method: Method, path: string) => {
    sent.push(endpoint(method, `/v1${path.replaceAll(ID, '{id}')}`));
    return Promise.reject(NOT_SENT);
  };
  return { request: record, requestEnvelope: record, trace: () => {} } as ApiRequester;
}

/** Every method of an object's class and of the classes it extends. */
function methodNames(instance: object): string[] {
  const names = new Set<string>();
  for (let proto = Object.getPrototypeOf(instance); proto && proto !== Object.prototype; ) {
    for (const name of Object.getOwnPropertyNames(proto)) if (name !== 'constructor') names.add(name);
    proto = Object.getPrototypeOf(proto);
  }
  return [...names];
}

/**
 * Calls a method with arguments an id, a body or options accept: false when it is not a request
 * (a path helper answers at once), else true once its requests are recorded.
 */
async function callOnce(instance: Record<string, unknown>, name: string): Promise<boolean> {
  const result = (instance[name] as (...args: unknown[]) => unknown).call(instance, ID, {}, {});
  const pending =
    result instanceof Promise
      ? result
      : result !== null && typeof result === 'object' && Symbol.asyncIterator in result
        ? (result as unknown as AsyncIterator<unknown>).next()
        : undefined;
  if (pending === undefined) return false; // Not a request (a path helper).
  await pending.catch((error: unknown) => {
    if (error !== NOT_SENT) throw error;
  });
  return true;
}

/** Each method of each resource API (`ChargesApi.refund`) with the requests it sends. */
async function apiMethods(): Promise<{ method: string; sends: string[] }[]> {
  const methods: { method: string; sends: string[] }[] = [];
  for (const [, module] of await modulesOf('api')) {
    for (const [className, exported] of Object.entries(module)) {
      if (typeof exported !== 'function' || !/Api$/.test(className)) continue;
      const sent: string[] = [];
      const instance = new (exported as new (client: ApiRequester) => Record<string, unknown>)(
        recordingRequester(sent),
      );
      for (const name of methodNames(instance)) {
        const from = sent.length;
        if (await callOnce(instance, name))
          methods.push({ method: `${className}.${name}`, sends: sent.slice(from) });
      }
    }
  }
  return methods;
}

/** Every route of the sandbox's route tables, as `METHOD /v1/…/{id}`, with the file it is in. */
async function sandboxRoutes(): Promise<{ file: string; route: string }[]> {
  const routes: { file: string; route: string }[] = [];
  for (const [file, module] of await modulesOf('sandbox/routes')) {
    for (const exported of Object.values(module)) {
      if (!Array.isArray(exported)) continue;
      for (const route of exported as { method?: unknown; path?: unknown }[]) {
        if (typeof route?.method !== 'string' || typeof route.path !== 'string') continue;
        routes.push({ file, route: endpoint(route.method, route.path.replace(/:(\w+)/g, '{$1}')) });
      }
    }
  }
  return routes;
}

describe('docs/gateway-api.md', () => {
  const named = endpointsOnThePage();

  it('reads the endpoints the page names (the table and the requests named in code)', () => {
    expect(named).toContain('GET /v1/charges/{id}');
    expect(named).toContain('DELETE /v1/webhooks/{id}');
    expect(named).toContain('GET /v1/sellers/search');
    expect(named).toContain('POST /v1/charges/{id}/capture');
    expect(named).not.toContain('DELETE /v1/charges/{id}');
  });

  it("names every request of the client's resource APIs", async () => {
    const methods = await apiMethods();
    expect(methods.map(({ method }) => method)).toEqual(
      expect.arrayContaining([
        'ChargesApi.create',
        'ChargesApi.refund',
        'PayoutsApi.listAll',
        'WebhooksApi.test',
      ]),
    );
    // A request method that sent nothing was not read: it would pass unchecked.
    expect(methods.filter(({ sends }) => sends.length === 0).map(({ method }) => method)).toEqual([]);
    const missing = methods.flatMap(({ method, sends }) =>
      sends.filter((request) => !named.has(request)).map((request) => `${method}: ${request}`),
    );
    expect(missing, 'add these to the endpoint table of docs/gateway-api.md').toEqual([]);
  });

  it('names every route the sandbox serves', async () => {
    const routes = await sandboxRoutes();
    expect(routes.length).toBeGreaterThan(15);
    const missing = routes
      .filter(({ route }) => !named.has(route))
      .map(({ file, route }) => `${file}: ${route}`);
    expect(missing, 'add these to the endpoint table of docs/gateway-api.md').toEqual([]);
  });
});
