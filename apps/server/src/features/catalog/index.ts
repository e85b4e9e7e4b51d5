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
} from './console/box-admin.js';
export { listThemes } from './repo.js';
export { boxesWithCurrentOdds, type BoxWithOdds } from './current-odds.js';
export {
  pageCatalogItems,
  itemIdsByMarketName,
  lockItemsForPricing,
  setItemPrices,
  boxesHoldingItems,
  type CatalogFilter,
  type CatalogItemRow,
} from './console/item-admin.js';
export { marketHashName, marketKey } from './market-names.js';
// The sell-back rule's console checks (decision 0051): the shop's console checks its lines with them too.
export { assertShopCoversRecovery } from './price-guard.js';
// Item variants are reference data: other features may join them read-only (never write them).
export { items as catalogItems, boxes as catalogBoxes } from './tables.js';
// The images the mirror command copies into the image store (issue 27 §4).
export { catalogueImagePaths } from './image-paths.js';
