export { commonRoutes } from './routes.js';
export { ensureDefaultSettings, loadSiteSettings, getSysConfig } from './service.js';
export { writeSetting } from './repo.js';
