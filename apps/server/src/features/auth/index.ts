export { authRoutes } from './routes.js';
export { completeCertification } from './certify.js';
