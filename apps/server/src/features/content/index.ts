export { contentRoutes } from './routes.js';
export { registerContentConsoleRoutes } from './console/routes.js';
export { documentByKey, seedContent } from './service.js';
