// Telling whether the process that holds a lock is still the one that took it (Linux /proc):
// alive, and not a new process that reuses its pid, and on this boot.
import { readFileSync, readlinkSync } from 'node:fs';

/** Field 22 of /proc/<pid>/stat (start time in clock ticks since boot), where there is /proc. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19];
  } catch {
    return undefined;
  }
}

export function currentBootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * This kernel boot and pid namespace (Linux), or undefined where either cannot be read: two
 * processes with the same value can tell whether each other's pid is alive. Host names cannot
 * say that: containers with host networking share the host's name but not its pids.
 */
export function currentMachine(): string | undefined {
  const boot = currentBootId();
  try {
    return boot ? `${boot} ${readlinkSync('/proc/self/ns/pid')}` : undefined;
  } catch {
    return undefined;
  }
}

/** `process.kill(pid, 0)`: ESRCH means gone; EPERM means alive (another user's process). */
export function processIsAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
