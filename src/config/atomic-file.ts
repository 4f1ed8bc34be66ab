// The one way paygate writes a file it must not lose or leave half-written (config.json, the
// journal's scope and account cache): a temp file in the same directory, mode 0600 whatever the
// umask, flushed to disk, renamed over the target, and the directory flushed so the new name
// survives a crash. A reader sees the old file or the new one, never a mix.
import { closeSync, fsyncSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export function writeFileAtomic(path: string, text: string): void {
  const temp = `${path}.${process.pid}.${Date.now().toString(36)}.tmp`;
  writeNewFileSynced(temp, text);
  try {
    renameSync(temp, path);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      // already gone
    }
    throw error;
  }
  syncDirectory(dirname(path));
}

/**
 * Creates `path` (it must not exist) with `text`, mode 0600 whatever the umask, flushed to disk;
 * removed again when a step fails. The first half of every durable write (renamed or linked next).
 */
export function writeNewFileSynced(path: string, text: string): void {
  try {
    const fd = openSync(path, 'wx', 0o600);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    try {
      unlinkSync(path);
    } catch {
      // never created
    }
    throw error;
  }
}

/** Makes a new or removed name durable (best effort: not every platform can fsync a directory). */
export function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Windows cannot open a directory; the rename/link is still atomic there.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
