export { returnsRoutes } from './routes.js';
export { registerReturnConsoleRoutes } from './console/routes.js';
export { boxReturns, caseReturn, type BoxReturn } from './service.js';
export {
  compareReturn,
  poolDeclared,
  declaredFromOutcomes,
  type DeclaredReturn,
  type RealisedReturn,
  type ReturnFigures,
} from './live-return.js';
