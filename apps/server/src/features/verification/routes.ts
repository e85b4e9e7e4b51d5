import type { FastifyInstance } from 'fastify';
import {
  emptyParams,
  mailCodeParams,
  sliderChallengeSchema,
  sliderVerifyParams,
  sliderVerifyResultSchema,
  smsCodeParams,
  smsSentSchema,
  userSmsCodeParams,
} from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { playerRouter } from '../../platform/http/routers.js';
import { deviceIdOf } from '../../platform/http/device-id.js';
import { answerSliderChallenge, createSliderChallenge, sliderPuzzleProvider } from './slider.js';
import { sendMailCode, sendSmsCode, sendUserSmsCode, type AccountLookup } from './service.js';

export function verificationRoutes(ctx: AppContext, accounts: AccountLookup) {
  return async (app: FastifyInstance) => {
    // Per-address caps on the puzzle itself, on top of the send limits (guessing costs a fresh puzzle).
    const sliderLimit = { max: ctx.config.sensitiveRateLimitPerMinute, timeWindowMs: 60_000 };
    const vctx = { ...ctx, log: app.log, accounts };
    // Our own puzzle; a captcha vendor would be another CaptchaProvider here (decision 0014).
    const gate = { db: ctx.db, hash: ctx.hash, config: ctx.config, captcha: sliderPuzzleProvider(ctx.db) };
    const r = playerRouter(app);
    const signedIn = playerRouter(app, { auth: 'required' });
    r.get('/api/common/sliderCaptcha', emptyParams, sliderChallengeSchema, ({ ip }) => createSliderChallenge(gate, ip), {
      rateLimit: sliderLimit,
    });
    r.post(
      '/api/common/sliderVerify',
      sliderVerifyParams,
      sliderVerifyResultSchema,
      ({ params, ip }) => answerSliderChallenge(gate, { ...params, ip }),
      { rateLimit: sliderLimit },
    );
    r.getOrPost('/api/common/smsCode', smsCodeParams, smsSentSchema, ({ params, ip, request }) =>
      sendSmsCode(vctx, { ...params, ip, deviceId: deviceIdOf(request) }),
    );
    signedIn.getOrPost('/api/common/userSmsCode', userSmsCodeParams, smsSentSchema, ({ params, ip, userId }) =>
      sendUserSmsCode(vctx, userId, { ...params, ip }),
    );
    signedIn.post('/api/common/mailCode', mailCodeParams, smsSentSchema, ({ params, ip, userId }) =>
      sendMailCode(vctx, userId, { email: params.email, purpose: params.type, ip, captchaVerification: params.captchaVerification }),
    );
  };
}
