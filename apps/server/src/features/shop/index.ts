export { shopRoutes } from './routes.js';
export { insertShopStock } from './repo.js';
export {
  pageShopStockAdmin,
  shopItemIds,
  lockShopStock,
  updateShopStock,
  addShopStock,
  shopLinesOfItems,
  lockShopLinesOfItems,
  findShopStock,
  type ShopStockRow,
} from './stock-admin.js';
