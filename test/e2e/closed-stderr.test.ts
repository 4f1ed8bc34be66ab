// `paygate … 2>&1 | head -1`: a reader that leaves early closes stderr as well as
// stdout; the command's own exit code stands (it was 1, an internal error, from EPIPE on stderr).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { shellQuote } from '../../src/output/format.js';
import { useTestSandbox } from '../helpers/sandbox.js';
import { binPath, ensureBuilt, testPath } from '../helpers/spawn-cli.js';

const ts = useTestSandbox();
const execFileAsync = promisify(execFile);

describe('a closed stderr', () => {
  it('charge get of an unknown id with --debug, piped into head -1: exit 3, not 1', async () => {
    ensureBuilt();
    // Asynchronous: the sandbox answering the child runs in this process.
    const env = { PATH: testPath(), HOME: process.env.HOME, ...ts.env };
    const script = `${shellQuote(process.execPath)} ${shellQuote(binPath)} charge get ci_nope --debug 2>&1 </dev/null | head -1 >/dev/null; echo \${PIPESTATUS[0]}`;
    const codes: string[] = [];
    for (let run = 0; run < 3; run += 1) {
      const { stdout } = await execFileAsync('bash', ['-c', script], { env, encoding: 'utf8' });
      codes.push(stdout.trim());
    }
    expect(codes).toEqual(['3', '3', '3']);
  });
});
