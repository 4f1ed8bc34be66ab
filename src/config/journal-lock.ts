// Who holds the lock of a journal key (the run that took it; for PostgreSQL, the connection holding
// it), so that another run can name it, and tell a live holder from a stale one.
export interface LockInfo {
  pid: number;
  host: string;
  token: string;
  at: string;
  /** When the holder process started (Linux: /proc/<pid>/stat), to tell a reused pid apart. */
  started?: string;
  /** The host's boot (Linux: /proc/sys/kernel/random/boot_id): a lock from before a reboot is stale. */
  boot?: string;
}

export function isLockInfo(value: unknown): value is LockInfo {
  if (typeof value !== 'object' || value === null) return false;
  const lock = value as Partial<LockInfo>;
  return typeof lock.pid === 'number' && typeof lock.token === 'string' && typeof lock.host === 'string';
}
