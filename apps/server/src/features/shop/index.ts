export { shopRoutes } from './routes.js';
export { insertShopStock } from './repo.js';
