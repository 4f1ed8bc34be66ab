// Whether a host name is this machine: traffic to it never leaves it (keys may go there over
// http://), and every spelling of it is one gateway (a journal key's scope).

/** A URL's host name without the brackets of an IPv6 address (`[::1]` → `::1`), as sockets and comparisons take it. */
export function withoutBrackets(hostname: string): string {
  const from = hostname.startsWith('[') ? 1 : 0;
  return hostname.endsWith(']') ? hostname.slice(from, -1) : hostname.slice(from);
}

/** 127.0.0.0/8, ::1 (with or without brackets) and localhost (any letter case, or *.localhost). */
export function isLoopback(hostname: string): boolean {
  const host = withoutBrackets(hostname).toLowerCase();
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)
  );
}
