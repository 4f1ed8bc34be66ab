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

// A zone at the end of an ISO date-time: `Z`, `+03:00`, `-0300`.
const ZONED = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Epoch ms of a timestamp that names its instant (a number, or an ISO date-time with a zone), or
 * undefined: a bare date or a time without a zone is a different instant on each host.
 */
export function zonedTimestampMs(value: unknown): number | undefined {
  if (typeof value === 'string' && !/^\d+(\.\d+)?$/.test(value.trim()) && !ZONED.test(value.trim()))
    return undefined;
  return timestampMs(value);
}
