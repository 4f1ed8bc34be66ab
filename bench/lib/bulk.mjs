// Bulk commands and watch against the sandbox (README, Performance), each measured at the
// sandbox's side (its request log: arrival time, seller, route, status of every request):
//
// - `charge list --all -o ndjson` over 20,000 charges and over 5,000 (memory must not grow with
//   the count), `charge get - -o ndjson` of 2,000 ids on stdin, all with lowered rate limits;
// - `charge watch ID`, the charge paid a while after the watch started;
// - then memory on every Node, limits lifted: the same commands and a list of 100,000 charges,
//   each with the heap retained at its last record (DESIGN.md §9; bench/lib/retained-heap.cjs).
//
// The runs go at the same time, each as its own seller (the sandbox's limits are per seller and
// per endpoint category, in fixed windows of one minute aligned to the clock), and start just
// after a window boundary. Budget use is counted in whole windows only: requests that arrived in
// every window of the run but the last (in the last one the work ran out), divided by the limit
// of those windows. A run that starts mid-window would get a fresh budget at the boundary and
// could show more than 100%; aligning the start makes the first window a whole one.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { binPath, cliEnv, idleSleep, median, runMeasured, sleep, tempDir } from './util.mjs';

const WINDOW_MS = 60_000;
const HIGH_LIMIT = 1_000_000_000;
const LIST_ROUTE = 'GET /v1/charges';
const GET_ROUTE = 'GET /v1/charges/:id';
const BYTES_PER_MB = 1024 * 1024;
/** Loaded into the CLI by the memory runs only (with `--expose-gc`): the product never uses it. */
const RETAINED_HEAP_PRELOAD = fileURLToPath(new URL('./retained-heap.cjs', import.meta.url));

/** Full run: limits chosen so that each run spans two windows and lasts about a minute. */
export const FULL_PLAN = {
  runs: [
    { name: 'list20k', seller: 1001, charges: 20_000, limit: 120, command: 'list' },
    { name: 'list5k', seller: 1002, charges: 5_000, limit: 30, command: 'list' },
    { name: 'get2k', seller: 1003, charges: 2_000, limit: 1_200, command: 'get' },
  ],
  // Memory runs only (DESIGN.md §9: peak RSS at 100,000 records). Seller 1007 is free: 1001–1004
  // are the runs above and the watch, 1005 is inactive and 1006 has no PIX (src/sandbox/seed.ts).
  // 9–11 s a run on the 2-core machine, so three runs a Node like the others (bench/CHOICES.md).
  largeList: { name: 'list100k', seller: 1007, charges: 100_000, command: 'list' },
  watch: { seller: 1004, limit: 120, payAfterMs: 61_300, intervalMs: 2_000 },
  align: true,
  memoryRuns: 3,
};

/** Smoke run: small counts, no lowered limits, no wait for a window boundary (a few seconds). */
export const SMOKE_PLAN = {
  runs: [
    { name: 'list20k', seller: 1001, charges: 1_000, limit: HIGH_LIMIT, command: 'list' },
    { name: 'list5k', seller: 1002, charges: 250, limit: HIGH_LIMIT, command: 'list' },
    { name: 'get2k', seller: 1003, charges: 200, limit: HIGH_LIMIT, command: 'get' },
  ],
  largeList: { name: 'list100k', seller: 1007, charges: 5_000, command: 'list' },
  watch: { seller: 1004, limit: HIGH_LIMIT, payAfterMs: 1_300, intervalMs: 2_000 },
  align: false,
  memoryRuns: 1,
};

async function api(base, method, path, { key, body } = {}) {
  const headers = { accept: 'application/json' };
  if (key) headers.authorization = `Bearer ${key}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(base + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** `paygate sandbox start --port 0 --json` as a child process; resolves once it listens. */
export async function startSandbox(nodePath, configDir) {
  const child = spawn(
    nodePath,
    [binPath, 'sandbox', 'start', '--port', '0', '--json', '--rate-limit', String(HIGH_LIMIT)],
    { env: cliEnv({ PAYGATE_CONFIG_DIR: configDir }), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const lines = createInterface({ input: child.stdout });
  const first = await Promise.race([
    once(lines, 'line').then(([line]) => line),
    once(child, 'exit').then(() => {
      throw new Error(`the sandbox exited at start: ${stderr.trim()}`);
    }),
    idleSleep(20_000).then(() => {
      throw new Error('the sandbox did not start within 20 s');
    }),
  ]);
  const info = JSON.parse(first);
  return {
    url: info.url,
    keys: new Map(info.sellers.map((seller) => [seller.seller_id, seller.secret_key])),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await Promise.race([once(child, 'exit'), idleSleep(5_000).then(() => child.kill('SIGKILL'))]);
      }
    },
  };
}

/** `run.charges` charges for `run.seller`: 20,000 in about half a second, 100,000 in 2.5–3 s. */
async function seedCharges(sandbox, run) {
  await api(sandbox.url, 'POST', '/_sandbox/seed/charges', {
    body: { count: run.charges, seller_id: run.seller },
  });
}

/**
 * One memory run of `run` on `node`, the retained-heap preload loaded: peak RSS, and the heap
 * retained after a forced GC at the last record (bench/lib/retained-heap.cjs), in MB.
 */
async function memoryRun(run, node, index, { sandbox, ids, dir, problems }) {
  const name = `${run.name}-${node.version}-${index}`;
  const heapFile = `${dir}/retained-heap-${name}`;
  const counter = recordCounter();
  const { args, env, stdin } = commandOf(run, sandbox, `${dir}/config-${name}`, ids);
  const result = await runMeasured(node.path, ['--expose-gc', '-r', RETAINED_HEAP_PRELOAD, ...args], {
    env: { ...env, BENCH_EXPECTED_RECORDS: String(run.charges), BENCH_RETAINED_HEAP_FILE: heapFile },
    stdin,
    onStdout: counter.feed,
  });
  if (result.code !== 0 || counter.ids.size !== run.charges) {
    problems.push(
      `${run.name} on Node ${node.version}: exit ${result.code}, ${counter.ids.size} of ${run.charges} records`,
    );
  }
  const retainedBytes = existsSync(heapFile) ? Number(readFileSync(heapFile, 'utf8')) : Number.NaN;
  if (Number.isNaN(retainedBytes)) {
    problems.push(`${run.name} on Node ${node.version}: no retained heap written at the last record`);
  }
  return {
    peakRssMb: result.peakRssKb / 1024,
    retainedHeapMb: retainedBytes / BYTES_PER_MB,
    elapsedMs: result.endedAt - result.startedAt,
  };
}

/**
 * `run` on `node`, `plan.memoryRuns` times: the median of each figure, and each run's. One run's
 * peak RSS is as much V8 sizing its heap to that run's pace as what the command keeps.
 */
async function memoryOf(run, node, memory) {
  const each = [];
  for (let index = 0; index < memory.plan.memoryRuns; index++) {
    each.push(await memoryRun(run, node, index, memory));
  }
  return {
    expected: run.charges,
    runs: each.length,
    peakRssMb: median(each.map((figure) => figure.peakRssMb)),
    retainedHeapMb: median(each.map((figure) => figure.retainedHeapMb)),
    elapsedMs: median(each.map((figure) => figure.elapsedMs)),
    peaks: each.map((figure) => figure.peakRssMb),
  };
}

/** The command line, environment and stdin of one run (`list` or `get` as that run's seller). */
function commandOf(run, sandbox, configDir, ids) {
  const env = cliEnv({
    PAYGATE_CONFIG_DIR: configDir,
    PAYGATE_BASE_URL: sandbox.url,
    PAYGATE_SECRET_KEY: sandbox.keys.get(run.seller),
    CI: '1',
  });
  const args =
    run.command === 'list'
      ? [binPath, 'charge', 'list', '--all', '-o', 'ndjson']
      : [binPath, 'charge', 'get', '-', '-o', 'ndjson'];
  const stdin = run.command === 'get' ? `${ids.join('\n')}\n` : '';
  return { args, env, stdin };
}

/** Counts the NDJSON lines and distinct ids a command prints, without keeping the lines. */
function recordCounter() {
  let rest = '';
  const ids = new Set();
  const counter = { lines: 0, invalid: 0, ids };
  counter.feed = (chunk) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop();
    for (const line of parts) {
      if (line === '') continue;
      counter.lines++;
      try {
        ids.add(JSON.parse(line).id);
      } catch {
        counter.invalid++;
      }
    }
  };
  return counter;
}

/** Requests of one run in the sandbox log, by arrival time. */
function requestsOf(log, seller, route) {
  return log
    .filter((r) => r.seller_id === seller && r.route === route)
    .map((r) => ({ at: Date.parse(r.at), status: r.status }))
    .sort((a, b) => a.at - b.at);
}

/** Budget use in whole windows (see the top of this file). */
function utilisation(requests, limit, startMs) {
  const perWindow = new Map();
  for (const r of requests) {
    const window = Math.floor(r.at / WINDOW_MS);
    perWindow.set(window, (perWindow.get(window) ?? 0) + 1);
  }
  const first = Math.floor(startMs / WINDOW_MS);
  const last = Math.max(...perWindow.keys());
  const whole = [];
  for (let window = first; window < last; window++) whole.push(perWindow.get(window) ?? 0);
  const counts = [];
  for (let window = first; window <= last; window++) counts.push(perWindow.get(window) ?? 0);
  const used = whole.reduce((a, b) => a + b, 0);
  // When the first window's budget was spent, and how soon after the reset the next request came.
  const firstEnd = (first + 1) * WINDOW_MS;
  const inFirst = requests.filter((r) => r.at < firstEnd);
  const next = requests.find((r) => r.at >= firstEnd);
  return {
    perWindow: counts,
    wholeWindows: whole.length,
    ratio: whole.length > 0 ? used / (whole.length * limit) : undefined,
    spentMs: inFirst.length ? inFirst.at(-1).at - first * WINDOW_MS : undefined,
    resumedMs: next ? next.at - firstEnd : undefined,
  };
}

/** The most requests in any 60 s span. */
function maxPerMinute(times) {
  let best = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while (times[end] - times[start] >= WINDOW_MS) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

/** 429s that reached the user: exit code 5 or a rate-limit error on stderr. */
function rateLimitedForUser(result) {
  return result.code === 5 || /\b429\b|rate.?limit/i.test(result.stderr);
}

/**
 * Runs `plan` with `nodePath`. `log(text)` reports progress. Resolves to the figures of each run
 * and of the watch, and the functional problems seen.
 */
export async function measureBulk(nodePath, plan, log, otherNodes = []) {
  const temp = tempDir('bulk');
  const sandbox = await startSandbox(nodePath, `${temp.dir}/sandbox-config`);
  const problems = [];
  try {
    // Seed the charges (a sandbox control endpoint: 20,000 charges in well under a second).
    for (const run of plan.runs) await seedCharges(sandbox, run);
    const getRun = plan.runs.find((run) => run.command === 'get');
    const ids = [];
    for (let page = 1; ids.length < getRun.charges; page++) {
      const answer = await api(sandbox.url, 'GET', `/v1/charges?page=${page}&limit=100`, {
        key: sandbox.keys.get(getRun.seller),
      });
      if (answer.data.length === 0) break;
      ids.push(...answer.data.map((charge) => charge.id));
    }
    const watched = await api(sandbox.url, 'POST', '/v1/charges', {
      key: sandbox.keys.get(plan.watch.seller),
      body: { amount: 1000, payment_method: 'pix' },
    });
    const watchId = watched.data.id;
    for (const { seller, limit } of [...plan.runs, plan.watch]) {
      await api(sandbox.url, 'POST', `/_sandbox/sellers/${seller}`, { body: { rate_limit: limit } });
    }

    let startMs = Date.now();
    if (plan.align) {
      const boundary = Math.ceil((Date.now() + 1_000) / WINDOW_MS) * WINDOW_MS;
      log(`waiting ${Math.round((boundary - Date.now()) / 1000)} s for the next rate-limit window`);
      await sleep(boundary - Date.now() + 250);
      startMs = boundary;
    }
    await api(sandbox.url, 'DELETE', '/_sandbox/requests');
    log(`running ${plan.runs.map((run) => run.name).join(', ')} and watch at once`);

    const runs = plan.runs.map((run) => {
      const counter = recordCounter();
      const { args, env, stdin } = commandOf(run, sandbox, `${temp.dir}/config-${run.name}`, ids);
      return runMeasured(nodePath, args, { env, stdin, onStdout: counter.feed }).then((result) => ({
        run,
        result,
        counter,
      }));
    });
    const watchEnv = cliEnv({
      PAYGATE_CONFIG_DIR: `${temp.dir}/config-watch`,
      PAYGATE_BASE_URL: sandbox.url,
      PAYGATE_SECRET_KEY: sandbox.keys.get(plan.watch.seller),
      CI: '1',
    });
    const watchRun = runMeasured(
      nodePath,
      [
        binPath,
        'charge',
        'watch',
        watchId,
        '--interval',
        `${plan.watch.intervalMs / 1000}s`,
        '--timeout',
        '5m',
      ],
      { env: watchEnv },
    );
    const watchStarted = Date.now();
    await sleep(Math.max(0, watchStarted + plan.watch.payAfterMs - Date.now()));
    const payStart = Date.now();
    await api(sandbox.url, 'POST', `/_sandbox/charges/${watchId}/pay`);
    const paidAt = Date.now();

    const finished = await Promise.all(runs);
    const watchResult = await watchRun;
    const requestLog = await api(sandbox.url, 'GET', '/_sandbox/requests');

    const results = {};
    for (const { run, result, counter } of finished) {
      const requests = requestsOf(requestLog, run.seller, run.command === 'list' ? LIST_ROUTE : GET_ROUTE);
      const use = plan.align ? utilisation(requests, run.limit, startMs) : undefined;
      const elapsedMs = result.endedAt - result.startedAt;
      const rejected = requests.filter((r) => r.status === 429).length;
      const toUser = rateLimitedForUser(result);
      results[run.name] = {
        expected: run.charges,
        lines: counter.lines,
        distinct: counter.ids.size,
        exitCode: result.code,
        requests: requests.length,
        sandbox429: rejected,
        user429: toUser,
        peakRssMb: result.peakRssKb / 1024,
        elapsedMs,
        limit: run.limit,
        utilisation: use,
        naive: plan.align ? requests.length / ((elapsedMs / WINDOW_MS) * run.limit) : undefined,
      };
      if (result.code !== 0) {
        problems.push(`${run.name}: exit ${result.code}: ${result.stderr.trim().slice(0, 300)}`);
      }
      if (counter.lines !== run.charges || counter.ids.size !== run.charges || counter.invalid > 0) {
        problems.push(
          `${run.name}: ${counter.lines} lines, ${counter.ids.size} distinct ids, ${counter.invalid} invalid; expected ${run.charges}`,
        );
      }
      if (toUser) problems.push(`${run.name}: a 429 reached the user`);
    }

    const polls = requestsOf(requestLog, plan.watch.seller, GET_ROUTE);
    const times = polls.map((poll) => poll.at);
    // The watch stops at the poll that saw the payment: its last one.
    const after = times.filter((at) => at >= payStart);
    const detectedAt = watchResult.code === 0 && after.length > 0 ? times.at(-1) : undefined;
    results.watch = {
      exitCode: watchResult.code,
      polls: polls.length,
      pollsAfterPayment: after.length,
      detectionMs: detectedAt === undefined ? undefined : Math.max(0, detectedAt - paidAt),
      exitAfterPaymentMs: watchResult.endedAt - paidAt,
      maxPerMinute: maxPerMinute(times),
      meanIntervalMs: times.length > 1 ? (times.at(-1) - times[0]) / (times.length - 1) : undefined,
      watchedMs: watchResult.endedAt - watchResult.startedAt,
      intervalMs: plan.watch.intervalMs,
      sandbox429: polls.filter((r) => r.status === 429).length,
    };
    if (watchResult.code !== 0) {
      problems.push(`watch: exit ${watchResult.code}: ${watchResult.stderr.trim().slice(0, 300)}`);
    }
    results.sandbox429Total = requestLog.filter((r) => r.status === 429).length;

    // Memory, on every Node: the same commands and the large list one after the other, limits
    // lifted (bench/RESULTS.md, method notes). The large list is seeded only now, so that the
    // paced runs above meet the sandbox as they did before it existed.
    await seedCharges(sandbox, plan.largeList);
    for (const run of plan.runs) {
      await api(sandbox.url, 'POST', `/_sandbox/sellers/${run.seller}`, { body: { rate_limit: null } });
    }
    const memory = { plan, sandbox, ids, dir: temp.dir, problems };
    results.memory = [];
    for (const node of [{ version: process.version, path: nodePath }, ...otherNodes]) {
      log(`memory on Node ${node.version} (median of ${plan.memoryRuns})`);
      const figures = {};
      for (const run of [...plan.runs, plan.largeList]) figures[run.name] = await memoryOf(run, node, memory);
      results.memory.push({ version: node.version, figures });
    }
    return { results, problems };
  } finally {
    await sandbox.stop();
    temp.remove();
  }
}
