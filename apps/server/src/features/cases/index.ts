export { caseRoutes } from './routes.js';
export { registerCaseConsoleRoutes } from './console/routes.js';
export { openBox } from './open-box.js';
export { grantFreeBox, dailyFreeBoxId } from './free-boxes.js';
