export { catalogRoutes } from './routes.js';
export { publishBoxVersion, boxDetail, loadBoxForOpening, type LoadedBox } from './service.js';
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
