export { virtualGoodsRoutes } from './routes.js';
export { seedVirtualGoods, equippedLook } from './service.js';
