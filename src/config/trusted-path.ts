// Whether a path in the config dir (or a log file paygate appends to) may be trusted: what another
// user can replace chooses where the keys are sent (config.json's base URL) and whether a key pays
// twice (the journal). Trusted is: owned by this user or root, and not writable by its group or by
// others; a symlink is trusted when the link and its target both are (dotfile managers link
// config.json to a file of the user's own). Every level from the config dir down to the path used
// is checked, with a few lstat calls and never a walk of the whole journal.
import { lstatSync, readFileSync, realpathSync, type Stats, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { ExitCode, PaygateError } from '../errors.js';

/** A path another user controls: exit 2 before anything is sent, one line with the fix. */
export class UntrustedPathError extends PaygateError {
  constructor(message: string) {
    super(message, ExitCode.Usage, { type: 'config_error', code: 'untrusted_path' });
  }
}

/** The user paygate runs as, or undefined where there are no uids (Windows: nothing is checked). */
function currentUid(): number | undefined {
  return process.getuid?.();
}

/** `nobody (uid 65534)`: the name from /etc/passwd where it has one (read only to say why). */
export function describeOwner(uid: number): string {
  try {
    for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const [name, , id] = line.split(':');
      if (id === String(uid) && name) return `${name} (uid ${uid})`;
    }
  } catch {
    // No passwd file: the number says it.
  }
  return `uid ${uid}`;
}

/** Why a file or directory (a symlink's own stat: only its owner counts) is not trusted, or undefined. */
export function distrustReason(stats: Stats, uid: number): string | undefined {
  if (stats.uid !== uid && stats.uid !== 0)
    return `is ${stats.isSymbolicLink() ? 'a symlink ' : ''}owned by ${describeOwner(stats.uid)}, not by you`;
  if (stats.isSymbolicLink()) return undefined;
  const writers = [
    (stats.mode & 0o020) !== 0 && 'its group',
    (stats.mode & 0o002) !== 0 && 'every user',
  ].filter(Boolean);
  if (writers.length > 0)
    return `can be written by others: ${writers.join(' and ')} (mode ${(stats.mode & 0o777).toString(8)})`;
  return undefined;
}

export interface TrustFix {
  /** What to do when the path itself is owned by another user or is a link to what is not trusted. */
  foreign: string;
  /** What to do when its group or others can write it. */
  writable: string;
}

/** The fix for a path inside the config dir: remove what the user did not make, or close its mode. */
function insideFix(path: string): TrustFix {
  return {
    foreign: `if you did not put it there, remove it (\`rm -r ${path}\`)`,
    writable: `run \`chmod go-w ${path}\``,
  };
}

/**
 * Throws UntrustedPathError when `path` is not trusted (see the top). A path that does not exist
 * passes (paygate makes it, 0700 or 0600). Returns whether it exists.
 */
export function checkTrustedPath(path: string, label = path, fix: TrustFix = insideFix(path)): boolean {
  const uid = currentUid();
  if (uid === undefined) return true;
  let own: Stats | undefined;
  try {
    own = lstatSync(path, { throwIfNoEntry: false });
  } catch {
    return true; // unreadable (a parent without search permission): the read or write that follows says so
  }
  if (!own) return false;
  const refuse = (reason: string, fixText: string): never => {
    throw new UntrustedPathError(`refusing ${label}: it ${reason}; ${fixText}`);
  };
  const ownReason = distrustReason(own, uid);
  if (ownReason) refuse(ownReason, own.isSymbolicLink() || own.uid !== uid ? fix.foreign : fix.writable);
  if (!own.isSymbolicLink()) return true;
  let target: string;
  try {
    target = realpathSync(path);
  } catch {
    return refuse('is a symlink to a path that does not exist', fix.foreign);
  }
  let targetStats: Stats;
  try {
    targetStats = statSync(target);
  } catch {
    return refuse('is a symlink to a path that does not exist', fix.foreign);
  }
  const targetReason = distrustReason(targetStats, uid);
  if (targetReason) refuse(`is a symlink to ${target}, which ${targetReason}`, fix.foreign);
  return true;
}

/** The fix for the config dir itself. */
function configDirFix(dir: string): TrustFix {
  return {
    foreign: 'set PAYGATE_CONFIG_DIR to a directory of your own',
    writable: `run \`chmod 700 ${dir}\``,
  };
}

/**
 * Whoever owns the directory holding the config dir (or its symlink, or the symlink's target), or
 * can write it without the sticky bit, can rename it and put theirs in its place mid-run. /tmp
 * (sticky) and a home of one's own pass. Its group is not judged: with a private group per user,
 * homes are often group-writable by the user's own group.
 */
function refuseReplaceableParent(dir: string, label: string): void {
  const uid = currentUid();
  if (uid === undefined) return;
  let target: string;
  try {
    target = realpathSync(dir);
  } catch {
    return;
  }
  for (const parent of new Set([dirname(resolve(dir)), dirname(target)])) {
    let stats: Stats;
    try {
      stats = statSync(parent);
    } catch {
      continue;
    }
    const foreign = stats.uid !== uid && stats.uid !== 0;
    const openToAll = (stats.mode & 0o002) !== 0 && (stats.mode & 0o1000) === 0;
    if (foreign || openToAll) {
      throw new UntrustedPathError(
        `refusing ${label}: the directory holding it, ${parent}, ${foreign ? `is owned by ${describeOwner(stats.uid)}` : `can be written by every user (mode ${(stats.mode & 0o777).toString(8)}, no sticky bit)`}, who can replace it; set PAYGATE_CONFIG_DIR to a directory of your own`,
      );
    }
  }
}

/**
 * The paths of one config dir that were found trusted in this run, so that each level is checked
 * once (a journal listing reads many keys under one account directory).
 */
export class ConfigDirTrust {
  readonly #trusted = new Set<string>();

  constructor(readonly dir: string) {}

  /** The config dir itself (a symlink another user re-points is refused too). */
  checkDir(): boolean {
    if (this.#trusted.has(this.dir)) return true;
    const label = `the config directory ${this.dir}`;
    const exists = checkTrustedPath(this.dir, label, configDirFix(this.dir));
    if (!exists) return false;
    refuseReplaceableParent(this.dir, label);
    this.#trusted.add(this.dir);
    return true;
  }

  /**
   * `path` (inside the config dir) and every level between the config dir and it. Stops at the
   * first level that does not exist: nothing below it does.
   */
  check(path: string): void {
    if (!this.checkDir()) return;
    const parts = relative(this.dir, path).split(sep).filter(Boolean);
    if (parts[0] === '..') return; // not inside the config dir (an explicit directory elsewhere)
    let current = this.dir;
    for (const part of parts) {
      current = join(current, part);
      if (this.#trusted.has(current)) continue;
      if (!checkTrustedPath(current, current)) return;
      this.#trusted.add(current);
    }
  }
}
