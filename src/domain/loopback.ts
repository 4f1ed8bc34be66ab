// Whether a host name is this machine: traffic to it never leaves it (keys may go there over
// http://), and every spelling of it is one gateway (a journal key's scope).

/** 127.0.0.0/8, ::1 (with or without brackets) and localhost (any letter case, or *.localhost). */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)
  );
}
