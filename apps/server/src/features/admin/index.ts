export { adminRoutes, type AdminRouteOptions } from './routes.js';
export { adminRoute, requireOperatorSession, ADMIN_TOKEN_HEADER, type AdminContext } from './admin-route.js';
export { audited, type Actor, type AuditTarget } from './audit.js';
export { bootstrapFilePath } from './bootstrap.js';
// What the features' console use cases need of the insider limits (issue 24 §11, decision 0048).
export { runLimited, approvalNote, type LimitCtx, type LimitActor, type LimitedAction } from './limits/gate.js';
