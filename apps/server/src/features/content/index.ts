export { contentRoutes } from './routes.js';
export { documentByKey, seedContent } from './service.js';
