// How many requests that are not safe to repeat (creates) are on their way, for the process's
// signal handler: a second Ctrl-C or SIGTERM ends the process at once, and while a create is in
// flight its outcome is unknown (exit 9), not merely interrupted (130). Module state because the
// handler lives outside any command (src/main.ts).
export const unsafeRequests = { inFlight: 0 };
