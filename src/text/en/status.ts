// The API's statuses as a table or a sentence shows them to a person (docs/language.md): in
// English each is the gateway's own word as it came; JSON, CSV and plain always keep that word.
import { englishTexts } from '../catalog.js';

const statusEnglish = {
  pending: 'pending',
  authorized: 'authorized',
  paid: 'paid',
  expired: 'expired',
  failed: 'failed',
  refunded: 'refunded',
  processing: 'processing',
  completed: 'completed',
  // A seller's or account's status and its compliance status (docs/gateway-api.md: a split's
  // sellers are active and compliance-approved); `pending` above serves compliance too.
  active: 'active',
  inactive: 'inactive',
  approved: 'approved',
  rejected: 'rejected',
  withReading: '{status} ({reading})',
} as const;

export type StatusEnglish = typeof statusEnglish;
export const sayStatus = englishTexts('status', statusEnglish);
