export { adminRoutes, type AdminRouteOptions } from './routes.js';
export { adminRoute, requireOperatorSession, ADMIN_TOKEN_HEADER, type AdminContext } from './admin-route.js';
export { audited, type Actor, type AuditTarget } from './audit.js';
export { bootstrapFilePath } from './bootstrap.js';
