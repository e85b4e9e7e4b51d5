export { verificationRoutes } from './routes.js';
export { verifySmsCode, verifyMailCode, restoreSmsCode } from './service.js';
export { sliderAnswer } from './slider.js';
