// Instants as gateways send them: ISO 8601 strings (our sandbox), or Unix seconds or milliseconds
// as numbers (other gateways; docs/gateway-api.md shows only ISO for created_at).

/** Epoch ms of a timestamp field, or undefined when it is not one. */
export function timestampMs(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) {
    // Below 1e11 it cannot be ms (that would be 1973): seconds.
    return value < 1e11 ? value * 1000 : value;
  }
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return timestampMs(Number(value));
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * Epoch ms of a timestamp that names its instant: a number, or an ISO time with its zone (`Z`,
 * `-03:00`). A bare date (`2026-11-26`) or a time without a zone (`2026-11-26T10:00:00`) names
 * no instant (a day, a time in some unknown zone): undefined, so that it excludes nothing.
 */
export function zonedTimestampMs(value: unknown): number | undefined {
  if (typeof value === 'string' && !/^\s*\d+(\.\d+)?\s*$/.test(value)) {
    if (!/[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?\s*(Z|[+-]\d{2}(:?\d{2})?)\s*$/i.test(value)) return undefined;
  }
  return timestampMs(value);
}
