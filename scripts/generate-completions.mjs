#!/usr/bin/env node
// Writes completions/paygate.bash, completions/_paygate (zsh) and completions/paygate.fish with
// what the built program prints for `paygate completion <shell>`. Builds first (npm run build),
// unless --no-build. `--check`: writes nothing, exit 1 when a checked-in file differs.
//
//   node scripts/generate-completions.mjs [--check] [--no-build]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const check = process.argv.includes('--check');

/** Shell → file, as packagers install them (bash-completion dir, zsh $fpath, fish vendor dir). */
const COMPLETION_FILES = { bash: 'paygate.bash', zsh: '_paygate', fish: 'paygate.fish' };

if (!process.argv.includes('--no-build') || !existsSync(`${root}dist/main.js`)) {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
}
mkdirSync(`${root}completions`, { recursive: true });
// The program reads no settings for this, but never let it touch the user's config.
const configDir = mkdtempSync(join(tmpdir(), 'paygate-completions-'));

let stale = 0;
for (const [shell, file] of Object.entries(COMPLETION_FILES)) {
  const script = execFileSync(process.execPath, ['bin/paygate.js', 'completion', shell], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', PAYGATE_CONFIG_DIR: configDir },
  });
  const path = `${root}completions/${file}`;
  const current = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  if (current === script) continue;
  if (check) {
    console.error(`completions/${file} is stale: run \`node scripts/generate-completions.mjs\``);
    stale += 1;
  } else {
    writeFileSync(path, script);
    console.log(`wrote completions/${file}`);
  }
}
rmSync(configDir, { recursive: true, force: true });
if (stale > 0) process.exit(1);
