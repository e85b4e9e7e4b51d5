export { userCardRoutes } from './routes.js';
