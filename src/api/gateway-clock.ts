// The gateway's clock as one answer shows it: its `Date` header against the local clock. What
// `payout reconcile` and `charge reconcile` go by, and what a keyed create records of its own
// clock (docs/architecture.md, the journal).

/** The gateway's time at an exchange and how far the local clock is from it. */
export interface GatewayClockReading {
  /** The gateway's time (epoch ms) at the middle of the exchange. */
  now: number;
  /** gateway − local, in ms. */
  skewMs: number;
}

/**
 * The gateway's clock from the `Date` header of an answer to a request sent at local time
 * `sentAt` and answered at `answeredAt`: the local time is taken as the middle of the exchange,
 * and `Date`, whole seconds, as the middle of its second. Undefined without a readable `Date`.
 */
export function clockOfAnswer(
  sentAt: number,
  answeredAt: number,
  date: string | undefined,
): GatewayClockReading | undefined {
  const gateway = Date.parse(date ?? '');
  if (Number.isNaN(gateway)) return undefined;
  const now = gateway + 500;
  return { now, skewMs: Math.round(now - (sentAt + answeredAt) / 2) };
}
