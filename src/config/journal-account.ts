// The account a journal key is scoped to: a seller on a gateway (journal-scope.ts finds it, and
// says why it is the account and not the spelling of the base URL).
export interface JournalScope {
  /** The directory name under journal/ (`@` + 16 hex digits). */
  id: string;
  /** The gateway's canonical origin, e.g. `https://api.example:443` or `http://loopback:8080`. */
  gateway: string;
  /** The seller's id, or `key:<fingerprint>` when the account could not be read. */
  seller: string;
  /** A hash of the secret key (never the key): how entries of earlier versions name a seller they could not read. */
  fingerprint: string;
  /** The base URL as configured, as earlier versions named the scope by it. */
  baseUrl: string;
}
