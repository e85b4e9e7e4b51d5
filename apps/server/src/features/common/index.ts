export { commonRoutes } from './routes.js';
export { ensureDefaultSettings, loadSiteSettings, getSysConfig, withSiteFigures } from './service.js';
export { readSettings, writeSetting } from './repo.js';
