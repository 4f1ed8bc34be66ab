// What the sandbox keeps of the API requests it answered: the newest `limit` of them (tests and
// `GET /_sandbox/requests` read them) and a line each in the log (`sandbox log`).
import type { SandboxLog } from './activity-log.js';
import type { RecordedRequest } from './recorded-request.js';

export class RequestRecorder {
  /** Newest last; /_sandbox calls are not recorded. */
  readonly requests: RecordedRequest[] = [];
  #counter = 0;

  constructor(
    readonly limit: number,
    readonly log: SandboxLog,
  ) {}

  /** The next request id: req_000001, req_000002, … (base 36). */
  nextId(): string {
    return `req_${(++this.#counter).toString(36).padStart(6, '0')}`;
  }

  record(request: RecordedRequest): void {
    this.log.addRequest(request);
    if (this.limit === 0) return;
    this.requests.push(request);
    // Trim in batches so that a full log costs O(1) amortised per request.
    if (this.requests.length > this.limit + Math.max(100, this.limit >> 3)) {
      this.requests.splice(0, this.requests.length - this.limit);
    }
  }

  clear(): void {
    this.requests.length = 0;
    this.log.clear();
  }
}
