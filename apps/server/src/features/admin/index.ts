export { adminRoutes, type AdminRouteOptions } from './routes.js';
export { installOperatorGate, requireOperatorSession, ADMIN_TOKEN_HEADER } from './operator-gate.js';
export { audited, type Actor, type AuditTarget } from './audit.js';
export { findOperator, type OperatorRow } from './repo.js';
// Read-only joins (a price change's operator name); only features/admin writes it.
export { operators } from './tables.js';
export { bootstrapFilePath } from './bootstrap.js';
// What the features' console use cases need of the insider limits (issue 24 §11, decision 0048).
export { runLimited, approvalNote, type LimitCtx, type LimitActor, type LimitedAction } from './limits/gate.js';
export type { LimitedActions } from './limits/actions.js';
export { readLimits } from './limits/settings.js';
export { assertReturnWithinCeiling } from './limits/box-ceiling.js';
