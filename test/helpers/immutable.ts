import { execFileSync } from 'node:child_process';
import { tempConfigDir } from './run-cli.js';

/**
 * Whether `chattr +i` can make a directory unwritable even for root (ext4 and the like): the
 * tests of unwritable config and journal directories run as root in CI, where mode bits do not bind.
 */
export function immutableWorks(): boolean {
  const dir = tempConfigDir();
  try {
    execFileSync('chattr', ['+i', dir], { stdio: 'ignore' });
    execFileSync('chattr', ['-i', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
