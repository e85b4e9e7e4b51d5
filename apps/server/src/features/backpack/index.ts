export { backpackRoutes } from './routes.js';
export { grantItems, ornamentPage, RETRIEVAL_JOB } from './service.js';
export { retrievalJob } from './retrieval-job.js';
export { applyRetrievalStep } from './retrieval-steps.js';
export { pageRetrievalQueue, lockRetrieval, countRetrievalAttempt, findRetrieval, type RetrievalQueueRow } from './retrieval-queue.js';
export type { RetrievalRow } from './repo.js';
export { dailyRetrievals, dailyGameItemValue } from './daily.js';
export { awaitsReview, markRetrievalReviewed, REVIEW_REMARK } from './withdrawal-review.js';
export { LOCK_ITEMS_FOR_SELL_BACK, sellBackFenSql } from './sell-back.js';
