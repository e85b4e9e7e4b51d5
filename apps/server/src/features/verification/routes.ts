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
import { apiRoute } from '../../platform/http/route.js';
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
    apiRoute(app, {
      method: 'GET',
      url: '/api/common/sliderCaptcha',
      params: emptyParams,
      response: sliderChallengeSchema,
      rateLimit: sliderLimit,
      handler: ({ ip }) => createSliderChallenge(gate, ip),
    });
    apiRoute(app, {
      method: 'POST',
      url: '/api/common/sliderVerify',
      params: sliderVerifyParams,
      response: sliderVerifyResultSchema,
      rateLimit: sliderLimit,
      handler: ({ params, ip }) => answerSliderChallenge(gate, { ...params, ip }),
    });
    apiRoute(app, {
      method: ['GET', 'POST'],
      url: '/api/common/smsCode',
      params: smsCodeParams,
      response: smsSentSchema,
      handler: ({ params, ip, request }) => sendSmsCode(vctx, { ...params, ip, deviceId: deviceIdOf(request) }),
    });
    apiRoute(app, {
      method: ['GET', 'POST'],
      url: '/api/common/userSmsCode',
      auth: 'required',
      params: userSmsCodeParams,
      response: smsSentSchema,
      handler: ({ params, ip, userId }) => sendUserSmsCode(vctx, userId, { ...params, ip }),
    });
    apiRoute(app, {
      method: 'POST',
      url: '/api/common/mailCode',
      auth: 'required',
      params: mailCodeParams,
      response: smsSentSchema,
      handler: ({ params, ip, userId }) =>
        sendMailCode(vctx, userId, { email: params.email, purpose: params.type, ip, captchaVerification: params.captchaVerification }),
    });
  };
}
