export { virtualGoodsRoutes } from './routes.js';
export { seedVirtualGoods } from './service.js';
