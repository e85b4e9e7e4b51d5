export { dreamRoutes } from './routes.js';
export { dreamConfig } from './service.js';
export { countDreams, topDreamers } from './activity.js';
export { dailyDreams } from './daily.js';
export { registerDreamConsoleRoutes } from './console/routes.js';
