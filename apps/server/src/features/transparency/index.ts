export { transparencyRoutes, TRANSPARENCY_CACHE_MS } from './routes.js';
