// An npm package installed into .cache/<dir> once (Node of another major, postject): what
// `npm run package` and `npm run bench` fetch from the npm registry, the only place this machine
// reaches. .ci/run does the same in shell for the Nodes it tests on.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The path of `file` inside package `spec` installed in .cache/<dir>, installed first if missing. */
export function fetchTool(dir, spec, file) {
  const path = `${root}.cache/${dir}/node_modules/${file}`;
  if (!existsSync(path)) {
    console.error(`== fetching ${spec} from the npm registry into .cache/${dir}`);
    mkdirSync(`${root}.cache/${dir}`, { recursive: true });
    execFileSync(
      'npm',
      [
        'install',
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        '--prefix',
        `${root}.cache/${dir}`,
        spec,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  return path;
}
