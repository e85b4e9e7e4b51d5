export { backpackRoutes } from './routes.js';
export { grantItems, ornamentPage, RETRIEVAL_JOB } from './service.js';
export { retrievalJob } from './retrieval-job.js';
