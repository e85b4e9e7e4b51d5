export { statsRoutes } from './routes.js';
export { recordDrops, lastDrops } from './service.js';
export type { NewDrop } from './repo.js';
