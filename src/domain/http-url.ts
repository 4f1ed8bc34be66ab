// What paygate takes for a URL it sends to or gives the gateway (callback, checkout, webhook,
// forwarding): absolute http:// or https:// with a host. One rule for every flag and field.
// The rule in words: `ruleBroken('httpUrl')` (a request's field), `ruleBroken('httpUrlFlag', { field })`.

export function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
