export { verificationRoutes } from './routes.js';
export { verifySmsCode, verifyMailCode, restoreSmsCode, type AccountLookup } from './service.js';
export { sliderAnswer } from './slider.js';
