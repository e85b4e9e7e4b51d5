// Every table, for drizzle-kit. Features own their tables; this file only lists them.
export * from './platform/ledger/tables.js';
export * from './platform/jobs/tables.js';
export * from './platform/auth/tables.js';
export * from './platform/throttle/tables.js';
export * from './platform/http/idempotency-tables.js';
export * from './platform/providers/tables.js';
export * from './features/users/tables.js';
export * from './features/common/tables.js';
export * from './features/stats/tables.js';
export * from './features/verification/tables.js';
export * from './features/auth/tables.js';
export * from './features/messages/tables.js';
export * from './features/catalog/tables.js';
export * from './features/fairness/tables.js';
export * from './features/backpack/tables.js';
export * from './features/shop/tables.js';
export * from './features/cases/tables.js';
