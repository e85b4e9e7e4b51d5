export { contentRoutes } from './routes.js';
export { registerContentConsoleRoutes } from './console/routes.js';
export { documentByKey, seedContent } from './service.js';
export { readSupportContact } from './contact.js';
export { bannerImagePaths } from './banner-images.js';
