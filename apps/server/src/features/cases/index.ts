export { caseRoutes } from './routes.js';
export { openBox } from './open-box.js';
export { grantFreeBox } from './free-boxes.js';
