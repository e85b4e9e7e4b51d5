export { statsRoutes } from './routes.js';
export { recordDrops, announceDrops, announceShownDrops, lastDrops, lastBoxDrops } from './service.js';
// The seed writes the demo feed without publishing: nobody is connected before the server starts.
export { insertDrops, countDrops, type NewDrop } from './repo.js';
// The public card (user-card) shows a player's best drops from the feed.
export { listBestDropsOf } from './repo.js';
