export * from './account.js';
export * from './address.js';
export * from './charge.js';
export * from './common.js';
export * from './payout.js';
export * from './split.js';
export * from './token.js';
export * from './webhook.js';
