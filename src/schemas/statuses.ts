// Kept free of zod: the command registry (start-up path) lists these as flag choices.
export const CHARGE_STATUSES = ['pending', 'paid', 'expired', 'failed', 'refunded'] as const;
export const PAYOUT_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
