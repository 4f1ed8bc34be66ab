// One API request the sandbox answered, as it keeps it: the recorder (recorder.ts) and the log
// (activity-log.ts) read it, and `GET /_sandbox/requests` returns it.
export interface RecordedRequest {
  id: string;
  method: string;
  path: string;
  query: Record<string, string>;
  /** Request headers; Authorization shown as `Bearer sk_…last4`. */
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON body, card number and CVV redacted; null when absent or not JSON. */
  body: unknown;
  /** Status answered; null when the connection was dropped without an answer. */
  status: number | null;
  /** ISO time on the sandbox clock when the request arrived. */
  at: string;
  seller_id: number | null;
  /** Route template (`POST /v1/charges/:id/refund`) or null when no route matched. */
  route: string | null;
  /** The fault applied, if any. */
  fault: string | null;
  duration_ms: number;
}
