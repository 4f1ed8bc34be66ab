// What dist/main.js runs (scripts/build.mjs): `paygate --version` (or `-v`) and nothing else is
// answered here, before the program (src/main.ts, the commander tree, the catalog of words) is
// loaded, so that it costs no more than Node's own start (bench/CHOICES.md). Any other command
// line, `--version` with other words or flags included, runs the program, which answers the same.
import { writeSync } from 'node:fs';
import packageJson from '../package.json' with { type: 'json' };

/** Whether argv asks for the version alone. */
export function asksForVersionAlone(argv: readonly string[]): boolean {
  return argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v');
}

/** Runs one command line as src/main.ts does; the exit code. */
export async function main(argv: string[], options: { executable?: boolean } = {}): Promise<number> {
  if (asksForVersionAlone(argv)) {
    try {
      writeSync(1, `${packageJson.version}\n`);
      return 0;
    } catch {
      // Nothing was written (a full non-blocking pipe, a closed stdout): the program's own output
      // streams deal with that as for any other command.
    }
  }
  const program = await import('./main.js');
  return program.main(argv, options);
}
