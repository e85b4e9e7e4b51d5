import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  avatarPickParams,
  avatarResultSchema,
  bindMailParams,
  bindSecurityWayParams,
  cancelAccountParams,
  changeMailParams,
  changePhoneParams,
  emptyParams,
  headPicListSchema,
  modifyNicknameParams,
  modifySecretParams,
  securityCheckParams,
  securityTokenSchema,
  securityWaySchema,
  tradeUrlParams,
  userInfoSchema,
} from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/errors.js';
import { playerRouter } from '../../platform/http/routers.js';
import { AVATAR_MAX_BYTES, defaultAvatarPaths, storeUploadedAvatar } from './avatars.js';
import * as profile from './profile.js';
import { modifyTradeUrl } from './trade-url.js';

const P = '/api/personalCenter';
const done = z.literal(true);

export function userRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5 } });

    const r = playerRouter(app);
    const signedIn = playerRouter(app, { auth: 'required' });

    signedIn.get(`${P}/userInfo`, emptyParams, userInfoSchema, ({ userId }) => profile.userInfo(ctx, userId));
    signedIn.post(`${P}/modifyNickname`, modifyNicknameParams, done, ({ userId, params }) =>
      profile.modifyNickname(ctx, userId, params.nickname),
    );
    signedIn.post(`${P}/uploadAvatarV2`, avatarPickParams, avatarResultSchema, ({ userId, params }) =>
      profile.pickAvatar(ctx, userId, params.avatar),
    );
    signedIn.post(
      `${P}/uploadAvatar`,
      emptyParams,
      avatarResultSchema,
      async ({ userId, request }) => {
        if (!request.isMultipart()) throw new AppError('IMAGE_INVALID', 'not multipart');
        // A malformed form (cut short, a bad boundary) is a bad upload, not a server fault.
        const file = await request.file().catch((err: unknown) => {
          throw new AppError('IMAGE_INVALID', `multipart: ${err instanceof Error ? err.message.slice(0, 80) : 'unreadable'}`);
        });
        if (!file) throw new AppError('IMAGE_INVALID', 'no file');
        const bytes = await file.toBuffer().catch(() => {
          throw new AppError('IMAGE_INVALID', 'too large or cut short');
        });
        if (file.file.truncated) throw new AppError('IMAGE_INVALID', 'truncated');
        return profile.setUploadedAvatar(ctx, userId, () => storeUploadedAvatar(ctx.config.imageDir, userId, bytes));
      },
      { bodyLimit: AVATAR_MAX_BYTES + 64 * 1024, rateLimit: { max: 10, timeWindowMs: 60_000 } },
    );
    for (const name of ['modifyTradeUrl', 'updateTradeUrl']) {
      signedIn.post(`${P}/${name}`, tradeUrlParams, done, ({ userId, params }) => modifyTradeUrl(ctx, userId, params));
    }
    signedIn.post(`${P}/bindMail`, bindMailParams, done, ({ userId, params }) => profile.bindMail(ctx, userId, params));
    signedIn.post(`${P}/changeMail`, changeMailParams, done, ({ userId, params }) => profile.changeMail(ctx, userId, params));
    signedIn.post(`${P}/changePhone`, changePhoneParams, done, ({ userId, sessionId, params }) =>
      profile.changePhone(ctx, userId, sessionId, params),
    );
    signedIn.post(`${P}/securityCheck`, securityCheckParams, securityTokenSchema, ({ userId, params }) =>
      profile.securityCheck(ctx, userId, params),
    );
    signedIn.get(`${P}/getAvailableSecurityWay`, emptyParams, z.array(securityWaySchema), ({ userId }) =>
      profile.availableSecurityWays(ctx, userId),
    );
    signedIn.post(`${P}/bindSecurityWay`, bindSecurityWayParams, done, ({ userId, params }) =>
      profile.bindSecurityWay(ctx, userId, params),
    );
    signedIn.post(`${P}/modifySecret`, modifySecretParams, done, ({ userId, sessionId, params }) =>
      profile.modifySecret(ctx, userId, sessionId, params),
    );
    signedIn.post(`${P}/cancelAccount`, cancelAccountParams, done, ({ userId, params }) => profile.cancelAccount(ctx, userId, params.code));
    r.get('/api/common/getHeadPicList', emptyParams, headPicListSchema, async () => defaultAvatarPaths());
  };
}
