/** Play awareness (issue 18): reality check settings, the play session's figures, My activity. */
export { activityRoutes } from './routes.js';
export { playSession, activitySummary } from './service.js';
