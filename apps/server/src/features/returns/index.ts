export { returnsRoutes } from './routes.js';
export { boxReturns, pageBoxReturns, caseReturn, type BoxReturn } from './service.js';
export {
  compareReturn,
  poolDeclared,
  declaredFromOutcomes,
  type DeclaredReturn,
  type RealisedReturn,
  type ReturnFigures,
} from './live-return.js';
