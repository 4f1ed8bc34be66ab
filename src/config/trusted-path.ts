// Whether a path in the config dir (or a log file paygate appends to) may be trusted: what another
// user can replace chooses where the keys are sent (config.json's base URL) and whether a key pays
// twice (the journal). Trusted is: owned by this user or root, and not writable by its group or by
// others; a symlink is trusted when the link and its target both are (dotfile managers link
// config.json to a file of the user's own). Every level from the config dir down to the path used
// is checked, with a few lstat calls and never a walk of the whole journal.
import { lstatSync, readFileSync, realpathSync, type Stats, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { ExitCode, PaygateError } from '../errors.js';
import { sayConfig } from '../text/en/config.js';

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

/** Whether a file or directory (a symlink's own stat) belongs to another user than this one or root. */
export function ownedByAnother(stats: Stats, uid: number): boolean {
  return stats.uid !== uid && stats.uid !== 0;
}

/** Why a file or directory (a symlink's own stat: only its owner counts) is not trusted, or undefined. */
export function distrustReason(stats: Stats, uid: number): string | undefined {
  if (ownedByAnother(stats, uid)) {
    const owner = describeOwner(stats.uid);
    return sayConfig(stats.isSymbolicLink() ? 'symlinkOwnedByOther' : 'ownedByOther', { owner });
  }
  if (stats.isSymbolicLink()) return undefined;
  const group = (stats.mode & 0o020) !== 0;
  const everyone = (stats.mode & 0o002) !== 0;
  const mode = (stats.mode & 0o777).toString(8);
  if (group && everyone) return sayConfig('writableByGroupAndEveryone', { mode });
  if (group) return sayConfig('writableByGroup', { mode });
  if (everyone) return sayConfig('writableByEveryone', { mode });
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
    foreign: sayConfig('removeIfNotYours', { command: `\`rm -r ${path}\`` }),
    writable: sayConfig('runCommand', { command: `\`chmod go-w ${path}\`` }),
  };
}

/** A text said only when a path is refused: a trusted path reads no catalog area (bench/CHOICES.md). */
type SaidOnRefusal<T> = T | (() => T);

const said = <T>(text: SaidOnRefusal<T>): T => (typeof text === 'function' ? (text as () => T)() : text);

/**
 * Throws UntrustedPathError when `path` is not trusted (see the top). A path that does not exist
 * passes (paygate makes it, 0700 or 0600). Returns whether it exists, and its own (lstat) stats.
 */
function checkPath(
  path: string,
  label: SaidOnRefusal<string>,
  fix: SaidOnRefusal<TrustFix>,
): { exists: boolean; own?: Stats } {
  const uid = currentUid();
  if (uid === undefined) return { exists: true };
  let own: Stats | undefined;
  try {
    own = lstatSync(path, { throwIfNoEntry: false });
  } catch {
    // unreadable (a parent without search permission): the read or write that follows says so
    return { exists: true };
  }
  if (!own) return { exists: false };
  const refuse = (why: string, choose: (fix: TrustFix) => string): never => {
    throw new UntrustedPathError(
      sayConfig('refusingPath', { label: said(label), why, fix: choose(said(fix)) }),
    );
  };
  const ownReason = distrustReason(own, uid);
  if (ownReason)
    refuse(ownReason, (fix) => (own.isSymbolicLink() || own.uid !== uid ? fix.foreign : fix.writable));
  if (!own.isSymbolicLink()) return { exists: true, own };
  let target: string;
  try {
    target = realpathSync(path);
  } catch {
    return refuse(sayConfig('symlinkToNothing'), (fix) => fix.foreign);
  }
  let targetStats: Stats;
  try {
    targetStats = statSync(target);
  } catch {
    return refuse(sayConfig('symlinkToNothing'), (fix) => fix.foreign);
  }
  const targetReason = distrustReason(targetStats, uid);
  if (targetReason)
    refuse(sayConfig('symlinkToUntrusted', { target, why: targetReason }), (fix) => fix.foreign);
  return { exists: true, own };
}

/**
 * Throws UntrustedPathError when `path` is not trusted (see the top). A path that does not exist
 * passes (paygate makes it, 0700 or 0600). Returns whether it exists.
 */
export function checkTrustedPath(
  path: string,
  label: SaidOnRefusal<string> = path,
  fix: SaidOnRefusal<TrustFix> = () => insideFix(path),
): boolean {
  return checkPath(path, label, fix).exists;
}

/** The fix for the config dir itself. */
function configDirFix(dir: string): TrustFix {
  return {
    foreign: sayConfig('ownConfigDirectory'),
    writable: sayConfig('runCommand', { command: `\`chmod 700 ${dir}\`` }),
  };
}

/**
 * Whoever owns the directory holding the config dir (or its symlink, or the symlink's target), or
 * can write it without the sticky bit, can rename it and put theirs in its place mid-run. /tmp
 * (sticky) and a home of one's own pass. Its group is not judged: with a private group per user,
 * homes are often group-writable by the user's own group.
 */
function refuseReplaceableParent(dir: string, label: () => string, own: Stats | undefined): void {
  const uid = currentUid();
  if (uid === undefined) return;
  // A dir that is no symlink has its real parent where a stat of its named parent lands (stat
  // follows the parent's own links; realpath reads `..` by name too): one stat, no realpath
  // (bench/CHOICES.md).
  const direct = own !== undefined && !own.isSymbolicLink();
  let target: string;
  try {
    target = direct ? resolve(dir) : realpathSync(dir);
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
        foreign
          ? sayConfig('parentOwnedByOther', { label: label(), parent, owner: describeOwner(stats.uid) })
          : sayConfig('parentOpenToAll', { label: label(), parent, mode: (stats.mode & 0o777).toString(8) }),
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
    const label = () => sayConfig('configDirectory', { dir: this.dir });
    const { exists, own } = checkPath(this.dir, label, () => configDirFix(this.dir));
    if (!exists) return false;
    refuseReplaceableParent(this.dir, label, own);
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
