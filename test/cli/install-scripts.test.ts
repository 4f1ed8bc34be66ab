// npm 11 skips the install scripts of dependencies that package.json's allowScripts does not name,
// and ends `npm install` / `npm ci` with a warning listing them: a newcomer's first output. Every
// locked package with an install script is named there (esbuild's postinstall puts its native
// binary in place), so an install from a clone ends without that warning.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };

interface LockEntry {
  version?: string;
  hasInstallScript?: boolean;
}

const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

/** Whether an allowScripts key (`name` or `name@version`) approves `name` at `version`. */
function approves(key: string, name: string, version: string | undefined): boolean {
  const at = key.lastIndexOf('@');
  if (at <= 0) return key === name;
  return key.slice(0, at) === name && key.slice(at + 1) === version;
}

describe('install scripts', () => {
  it('every locked dependency with an install script is approved or denied in allowScripts', () => {
    const allowScripts = (packageJson as { allowScripts?: Record<string, boolean> }).allowScripts ?? {};
    const withScripts = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && entry.hasInstallScript)
      .map(([path, entry]) => ({
        name: path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length),
        ...entry,
      }));
    expect(withScripts.map((entry) => entry.name)).toContain('esbuild');
    for (const entry of withScripts) {
      const covered = Object.keys(allowScripts).some((key) => approves(key, entry.name, entry.version));
      expect(covered, `${entry.name}@${entry.version} has an install script not named in allowScripts`).toBe(
        true,
      );
    }
  });
});
