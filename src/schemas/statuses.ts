// Kept free of zod: the command specs (loaded at start-up) list these as flag choices.
export const CHARGE_STATUSES = ['pending', 'authorized', 'paid', 'expired', 'failed', 'refunded'] as const;
export const PAYOUT_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
