export { vipRoutes } from './routes.js';
export { addDepositExperience, rechargeBonusBp, rebateBoostBp, seedVipGrades, gradeInfo } from './service.js';
