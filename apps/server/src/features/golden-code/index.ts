export { goldenCodeRoutes } from './routes.js';
export { createGoldenCode, seedDemoGoldenCode, redeemGoldenCode, type NewGoldenCode } from './service.js';
export {
  findGoldenCodeById,
  goldenCodeState,
  lockGoldenCode,
  pageCodeRedemptions,
  pageGoldenCodes,
  setGoldenCodeDisabled,
  type GoldenCodeListState,
} from './admin.js';
export type { GoldenCodeRow } from './repo.js';
