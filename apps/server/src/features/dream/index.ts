export { dreamRoutes } from './routes.js';
export { dreamConfig } from './service.js';
