export { shopRoutes } from './routes.js';
export { insertShopStock } from './repo.js';
export { pageShopStockAdmin, shopItemIds, lockShopStock, updateShopStock, addShopStock, type ShopStockRow } from './stock-admin.js';
