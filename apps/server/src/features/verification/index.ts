export { verificationRoutes } from './routes.js';
export { verifySmsCode, verifyMailCode } from './service.js';
export { sliderAnswer } from './slider.js';
