// Runs the README's quick tour (every line of its ```sh tour blocks, in order) in process against
// the sandbox, as a user who followed it would. The README's sample ids (`ci_a1b2c3d4e5f6`, the
// txid of docs/test-vectors.md) are replaced by those of the charge the tour itself created. The
// clock the commands sleep on is the sandbox's: a watch's pause moves it forward, so the sandbox
// pays the charge (auto-pay) and settles the payout as it would in real time, without waiting.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../helpers/run-cli.js';
import { startTestSandbox } from '../helpers/sandbox.js';
import { dateSubstitutions, tourLines } from './readme.js';
import { paygateCommand } from './shell-words.js';

const SAMPLE_CHARGE_ID = 'ci_a1b2c3d4e5f6';
const SAMPLE_TXID = '7978c0c97ea847e78e8849634473c1f1';
/** A command that sleeps more than this many times is stuck (its watch never ends). */
const MAX_SLEEPS = 200;

const lines = tourLines();

describe('the README quick tour, against the sandbox', () => {
  it('has a tour for each kind of user', () => {
    expect(lines.some((line) => line.includes('charge create') && line.includes('--watch'))).toBe(true);
    expect(lines.some((line) => line.includes('payout create --all --keep'))).toBe(true);
    expect(lines.some((line) => line.includes('charge list --all -o csv'))).toBe(true);
    expect(lines.some((line) => line.includes('seller find'))).toBe(true);
  });

  // One test: the tour is a sequence (a line uses the charge an earlier line created, the sweep
  // pays what the charge brought in), and a test must not lean on another having run first. Each
  // expectation names its line.
  it('runs every line in order as a user who follows it would; the sweep paid once although it ran twice, and the charge paid', async () => {
    const sandbox = await startTestSandbox({ autoPayAfterMs: 1000, payoutProcessingMs: 2000 });
    const dir = mkdtempSync(join(tmpdir(), 'paygate-tour-'));
    try {
      let chargeId: string | undefined;
      let txid: string | undefined;
      /** The real ids in place of the README's samples. */
      const substitute = async (line: string, args: string[]): Promise<string[]> => {
        const out: string[] = [];
        for (const arg of args) {
          if (arg === SAMPLE_CHARGE_ID) {
            expect(chargeId, `${line}: the tour uses a charge id before creating a charge`).toBeDefined();
            out.push(chargeId!);
          } else if (arg === SAMPLE_TXID) {
            if (!txid) {
              const shown = await run(['charge', 'get', chargeId!, '--json'], { env: sandbox.env });
              txid = (JSON.parse(shown.stdout) as { pix: { txid: string } }).pix.txid;
            }
            out.push(txid);
          } else {
            out.push(arg);
          }
        }
        return out;
      };

      for (const line of lines) {
        const command = paygateCommand(line, dateSubstitutions());
        expect(command, `${line}: a tour line runs paygate`).toBeDefined();
        expect(command!.stdinFromPipe, `${line}: a tour line reads no pipe`).toBe(false);
        const args = await substitute(line, command!.args);
        let sleeps = 0;
        const result = await run(args, {
          env: sandbox.env,
          sleep: async (ms) => {
            sleeps += 1;
            if (sleeps > MAX_SLEEPS) throw new Error(`${line}: still waiting after ${MAX_SLEEPS} pauses`);
            sandbox.sandbox.advanceClock(ms);
          },
        });
        expect(result.code, `${line}\nstderr: ${result.stderr}`).toBe(0);
        chargeId ??= /\bci_[A-Za-z0-9]{12}\b/.exec(`${result.stdout}\n${result.stderr}`)?.[0];
        if (command!.stdoutTo) {
          writeFileSync(join(dir, command!.stdoutTo), result.stdout);
          expect(result.stdout.split('\n')[0], `${line}: ${command!.stdoutTo} has a header row`).toMatch(
            /^id,status,(?:payment_method,)?amount,amount_brl,/,
          );
          expect(
            result.stdout.trim().split('\n').length,
            `${line}: ${command!.stdoutTo} has rows`,
          ).toBeGreaterThan(1);
        } else if (!line.includes('config set') && !line.includes('config unset')) {
          expect(result.stdout, `${line} prints something on stdout`).not.toBe('');
        }
      }

      const payoutPosts = sandbox.sandbox.requests.filter(
        (request) => request.method === 'POST' && /\/v1\/payouts$/.test(request.path),
      );
      expect(payoutPosts).toHaveLength(1);
      const charge = await run(['charge', 'get', chargeId!, '--json'], { env: sandbox.env });
      expect(JSON.parse(charge.stdout)).toMatchObject({ status: 'paid', external_id: 'order-123' });
      expect(readFileSync(join(dir, 'charges.csv'), 'utf8')).toContain(chargeId!);
    } finally {
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
