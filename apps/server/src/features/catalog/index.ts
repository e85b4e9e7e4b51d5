export { catalogRoutes } from './routes.js';
export {
  publishBoxVersion,
  boxDetail,
  loadBoxForOpening,
  boxForOpening,
  freshBoxForOpening,
  forgetCachedItems,
  type LoadedBox,
} from './service.js';
export {
  countItems,
  upsertItems,
  variantKey,
  itemsByIds,
  insertTheme,
  insertBox,
  setBoxEnabled,
  dropsOf,
  versionOf,
  type ItemRow,
  type BoxRow,
} from './repo.js';
export {
  pageAdminBoxes,
  findAdminBox,
  lockBox,
  updateBoxSettings,
  boxVersionList,
  findTheme,
  themesWithCounts,
  createTheme,
  updateTheme,
  searchItems,
  type AdminBoxRow,
  type BoxSettings,
} from './box-admin.js';
export { listThemes } from './repo.js';
export { boxesWithCurrentOdds, type BoxWithOdds } from './current-odds.js';
export {
  pageCatalogItems,
  itemIdsByMarketName,
  lockItemsForPricing,
  setItemPrices,
  boxesHoldingItems,
  boxReturnsHoldingItem,
  type CatalogFilter,
  type CatalogItemRow,
} from './item-admin.js';
export { marketHashName, marketKey } from './market-names.js';
// Item variants are reference data: other features may join them read-only (never write them).
export { items as catalogItems, boxes as catalogBoxes } from './tables.js';
