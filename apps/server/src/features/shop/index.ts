export { shopRoutes } from './routes.js';
export { insertShopStock, takeStock, restock } from './repo.js';
export { registerShopConsoleRoutes } from './console/routes.js';
// A price change in the catalogue's console re-prices the item's shop lines in the same transaction.
export { shopItemIds, updateShopStock, shopLinesOfItems, lockShopLinesOfItems } from './console/stock-admin.js';
