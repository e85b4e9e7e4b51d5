export { shopRoutes } from './routes.js';
export { insertShopStock, takeStock, restock } from './repo.js';
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
