export { contentRoutes } from './routes.js';
export { documentByKey, seedContent } from './service.js';
// The operator console (issue 16 screen 10) edits these tables only through these calls.
export * as contentOperatorRepo from './operator-repo.js';
export type { BannerRow, DocumentRow, NoticeRow } from './repo.js';
