// What a person hands paygate as a file or on stdin is read with a bound: a
// device or a huge file is refused at the bound, exit 2 naming the flag, nothing sent, in bounded
// time and memory; a missing file is named the same way by every command that reads one.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readInput } from '../../src/commands/shared/read-input.js';
import { run, tempConfigDir } from '../helpers/run-cli.js';
import { useTestSandbox } from '../helpers/sandbox.js';

const t = useTestSandbox();
const posts = () => t.sandbox.requests.filter((request) => request.method === 'POST');

/** A stdin that never ends (as /dev/urandom), counting what was read from it. */
function endlessStdin() {
  let produced = 0;
  const stream = new Readable({
    read() {
      produced += 65_536;
      this.push(Buffer.alloc(65_536, 0x7b));
    },
  });
  return { stream, produced: () => produced };
}

describe('readInput', () => {
  it('reads a file or stdin whole, as UTF-8', async () => {
    const file = join(tempConfigDir(), 'body.json');
    writeFileSync(file, '{"amount": 1500, "pix": {"description": "São Paulo"}}');
    const io = { stdin: Readable.from([Buffer.from('Pão'), Buffer.from(' de queijo')]) };
    expect(await readInput(file, { io } as never, '--from-file')).toContain('São Paulo');
    expect(await readInput('-', { io } as never, '--from-file')).toBe('Pão de queijo');
  });

  it('refuses more than the bound, naming the flag and the source; stops reading there', async () => {
    const endless = endlessStdin();
    await expect(
      readInput('-', { io: { stdin: endless.stream } } as never, '--from-file', 1_000_000),
    ).rejects.toThrow(/^--from-file: stdin holds more than 977 KiB: not what --from-file reads$/);
    expect(endless.produced()).toBeLessThan(2_000_000);
    const file = join(tempConfigDir(), 'big.csv');
    writeFileSync(file, 'x'.repeat(3000));
    await expect(readInput(file, { io: {} } as never, '--from-csv', 2048)).rejects.toThrow(
      `--from-csv: "${file}" holds more than 2 KiB: not what --from-csv reads`,
    );
  });

  it('a file that cannot be read: one line naming the flag, the path and why', async () => {
    await expect(readInput('/nonexistent/x.json', { io: {} } as never, '--data')).rejects.toThrow(
      '--data: cannot read "/nonexistent/x.json" (ENOENT)',
    );
  });
});

describe('commands given an endless input', () => {
  it('charge create --from-file /dev/urandom: exit 2 at the bound, nothing sent', async () => {
    const result = await run(['charge', 'create', '--from-file', '/dev/urandom'], { env: t.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'error: --from-file: "/dev/urandom" holds more than 32 MiB: not what --from-file reads\n',
    );
    expect(posts()).toHaveLength(0);
  });

  it('charge create --from-csv -, token card --stdin: exit 2 naming the flag', async () => {
    const csv = await run(['charge', 'create', '--from-csv', '/dev/zero', '--key-column', 'invoice'], {
      env: t.env,
    });
    expect(csv.code).toBe(2);
    expect(csv.stderr).toContain('--from-csv: "/dev/zero" holds more than 32 MiB');
    const card = await run(['token', 'card', '--stdin'], { env: t.env, stdin: '{'.repeat(70_000) });
    expect(card.code).toBe(2);
    expect(card.stderr).toBe('error: --stdin: stdin holds more than 64 KiB: not what --stdin reads\n');
    expect(posts()).toHaveLength(0);
  });
});
