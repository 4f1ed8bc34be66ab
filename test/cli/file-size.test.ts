// One job a module (docs/architecture.md, "The size of a module"): a source file of src/ longer
// than 400 lines says why at its top, in its opening comment, on a line starting with
// `// Over 400 lines because`. A file that grew past the limit without one fails here, named.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const sourceRoot = join(repositoryRoot, 'src');

const MAX_LINES = 400;
const REASON_MARKER = '// Over 400 lines because';

function lineCount(text: string): number {
  const lines = text.split('\n');
  return text.endsWith('\n') ? lines.length - 1 : lines.length;
}

/** The reason written in the file's opening comment (the `//` lines it starts with), if any. */
function reasonAtTop(text: string): string | undefined {
  const opening: string[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('//')) break;
    opening.push(line);
  }
  return opening.find((line) => line.startsWith(REASON_MARKER));
}

/** `src/x.ts (512 lines)` for each text over the limit that does not say why at its top. */
function oversizedWithoutReason(files: ReadonlyMap<string, string>): string[] {
  return [...files]
    .filter(([, text]) => lineCount(text) > MAX_LINES && reasonAtTop(text) === undefined)
    .map(([name, text]) => `${name} (${lineCount(text)} lines)`)
    .sort();
}

function sourceFiles(): Map<string, string> {
  const names = readdirSync(sourceRoot, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .sort();
  return new Map(
    names.map((name) => [
      relative(repositoryRoot, join(sourceRoot, name)).split('\\').join('/'),
      readFileSync(join(sourceRoot, name), 'utf8'),
    ]),
  );
}

describe('the size of the modules of src/', () => {
  const files = sourceFiles();

  it('reads every source file', () => {
    expect(files.size).toBeGreaterThan(50);
    expect(files.has('src/main.ts')).toBe(true);
  });

  it('has no file over 400 lines without the reason at its top', () => {
    expect(oversizedWithoutReason(files)).toEqual([]);
  });
});

describe('the size check', () => {
  const lines = (count: number, first: string[] = []) =>
    [...first, ...Array.from({ length: count - first.length }, (_, index) => `const x${index} = ${index};`)]
      .join('\n')
      .concat('\n');

  it('names a file over the limit, and lets one at the limit pass', () => {
    const files = new Map([
      ['src/long.ts', lines(MAX_LINES + 1)],
      ['src/at-limit.ts', lines(MAX_LINES)],
    ]);
    expect(oversizedWithoutReason(files)).toEqual(['src/long.ts (401 lines)']);
  });

  it('takes the reason only from the opening comment', () => {
    const reason = `${REASON_MARKER} it is one state machine.`;
    const files = new Map([
      ['src/said.ts', lines(MAX_LINES + 50, ['// The gateway.', reason])],
      ['src/said-later.ts', lines(MAX_LINES + 50, ['// The gateway.', '', reason])],
      ['src/other-words.ts', lines(MAX_LINES + 50, ['// Over 400 lines, sorry.'])],
    ]);
    expect(oversizedWithoutReason(files)).toEqual([
      'src/other-words.ts (450 lines)',
      'src/said-later.ts (450 lines)',
    ]);
  });
});
