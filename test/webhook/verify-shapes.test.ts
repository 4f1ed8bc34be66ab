import { describe, expect, it } from 'vitest';
import type { Client } from '../../src/api/client.js';
import { parseJsonLossless } from '../../src/json.js';
import { summarizeNotification } from '../../src/webhook/notification.js';
import { parseNotificationBody } from '../../src/webhook/receiver.js';
import { verifyNotification } from '../../src/webhook/verify.js';

/** A client whose charges.get answers `text` as the API would (read as written). */
function clientAnswering(text: string): Client {
  return { charges: { get: async () => parseJsonLossless(text) } } as unknown as Client;
}

describe("verifyNotification against other gateways' shapes", () => {
  it('PAID notified and paid in the API agree; 150.00 notified and 150.00 in the API agree', async () => {
    const summary = summarizeNotification(
      parseNotificationBody('{"id":"ch_1","event":"charge.paid","status":"PAID","amount":150.00}'),
    );
    const verification = await verifyNotification(
      summary,
      clientAnswering('{"id":"ch_1","status":"paid","value":150.00}'),
    );
    expect(verification).toMatchObject({ verified: true, reason: null, status: 'paid' });
  });

  it('a written amount that differs is a mismatch naming both', async () => {
    const summary = summarizeNotification(
      parseNotificationBody('{"id":"ch_1","event":"charge.paid","status":"paid","amount":150.00}'),
    );
    const verification = await verifyNotification(
      summary,
      clientAnswering('{"id":"ch_1","status":"paid","amount":15000}'),
    );
    expect(verification.verified).toBe(false);
    expect(verification.reason).toBe('mismatch: amount: notified 150.00, the API says 15000');
  });
});
