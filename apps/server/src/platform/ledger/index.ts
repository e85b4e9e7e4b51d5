export * from './accounts.js';
export * from './codes.js';
export { transfer, type AccountRef, type Transfer, type TransferInput } from './ledger.js';
export * from './user-money.js';
export * from './audit.js';
export * from './flows.js';
export * from './spend-sql.js';
export * from './payout-sql.js';
export { dailyGameStakes } from './daily.js';
