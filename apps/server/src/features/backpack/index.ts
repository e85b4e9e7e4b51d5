export { backpackRoutes } from './routes.js';
export { grantItems, ornamentPage, RETRIEVAL_JOB } from './service.js';
export { retrievalJob } from './retrieval-job.js';
export { findRetrieval } from './retrieval-queue.js';
export { dailyRetrievals, dailyGameItemValue } from './daily.js';
export { REVIEW_REMARK } from './withdrawal-review.js';
export { LOCK_ITEMS_FOR_SELL_BACK, sellBackFenSql } from './sell-back.js';
export { moveItems } from './move-items.js';
export { registerBackpackConsoleRoutes } from './console/routes.js';
