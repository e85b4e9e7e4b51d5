export { goldenCodeRoutes } from './routes.js';
export { createGoldenCode, seedDemoGoldenCode, redeemGoldenCode, type NewGoldenCode } from './service.js';
