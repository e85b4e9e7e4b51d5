export { goldenCodeRoutes } from './routes.js';
export { createGoldenCode, seedDemoGoldenCode, redeemGoldenCode, type NewGoldenCode } from './service.js';
export { registerGoldenCodeConsoleRoutes } from './console/routes.js';
export { goldenCodeAction } from './console/golden-codes.js';
export type { GoldenCodeRow } from './repo.js';
