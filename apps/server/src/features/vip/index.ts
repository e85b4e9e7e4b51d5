export { vipRoutes } from './routes.js';
export { addDepositExperience, rechargeBonusBp, rebateBoostBp, seedVipGrades, gradeInfo, listGrades } from './service.js';
export { lockVipGrades, writeVipGrades, type VipGrade } from './admin.js';
