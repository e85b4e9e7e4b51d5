export { vipRoutes } from './routes.js';
export { addDepositExperience, rechargeBonusBp, rebateBoostBp, seedVipGrades, gradeInfo, listGrades } from './service.js';
export { registerVipConsoleRoutes } from './console/routes.js';
export { removeDepositExperience } from './refund-experience.js';
