// What the sandbox reports while it runs (a state file it cannot write) reaches the stderr of the
// command that started it, not the process's own.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run, tempConfigDir } from '../../helpers/run-cli.js';

const configDir = tempConfigDir();
afterAll(() => rmSync(configDir, { recursive: true, force: true }));

describe('sandbox start', () => {
  it("reports a state file it cannot write on the command's stderr", async () => {
    const stopped = new AbortController();
    stopped.abort(); // stops as soon as it has started: close() writes the state file
    const stateFile = join(configDir, 'missing-folder', 'state.json');
    const result = await run(['sandbox', 'start', '--port', '0', '--state', stateFile, '--json'], {
      env: { PAYGATE_CONFIG_DIR: configDir },
      signal: stopped.signal,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`paygate sandbox: cannot write the state file: ENOENT`);
    expect(result.stderr).toContain('missing-folder');
  });
});
