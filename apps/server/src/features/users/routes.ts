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
import { apiRoute } from '../../platform/http/route.js';
import { AVATAR_MAX_BYTES, defaultAvatarPaths, storeUploadedAvatar } from './avatars.js';
import * as profile from './profile.js';
import { modifyTradeUrl } from './trade-url.js';

const P = '/api/personalCenter';
const done = z.literal(true);

export function userRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5 } });

    apiRoute(app, {
      method: 'GET',
      url: `${P}/userInfo`,
      auth: 'required',
      params: emptyParams,
      response: userInfoSchema,
      handler: ({ userId }) => profile.userInfo(ctx, userId),
    });
    apiRoute(app, {
      method: 'POST',
      url: `${P}/modifyNickname`,
      auth: 'required',
      params: modifyNicknameParams,
      response: done,
      handler: ({ userId, params }) => profile.modifyNickname(ctx, userId, params.nickname),
    });
    apiRoute(app, {
      method: 'POST',
      url: `${P}/uploadAvatarV2`,
      auth: 'required',
      params: avatarPickParams,
      response: avatarResultSchema,
      handler: ({ userId, params }) => profile.pickAvatar(ctx, userId, params.avatar),
    });
    apiRoute(app, {
      method: 'POST',
      url: `${P}/uploadAvatar`,
      auth: 'required',
      params: emptyParams,
      response: avatarResultSchema,
      bodyLimit: AVATAR_MAX_BYTES + 64 * 1024,
      rateLimit: { max: 10, timeWindowMs: 60_000 },
      handler: async ({ userId, request }) => {
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
    });
    for (const name of ['modifyTradeUrl', 'updateTradeUrl']) {
      apiRoute(app, {
        method: 'POST',
        url: `${P}/${name}`,
        auth: 'required',
        params: tradeUrlParams,
        response: done,
        handler: ({ userId, params }) => modifyTradeUrl(ctx, userId, params),
      });
    }
    apiRoute(app, {
      method: 'POST',
      url: `${P}/bindMail`,
      auth: 'required',
      params: bindMailParams,
      response: done,
      handler: ({ userId, params }) => profile.bindMail(ctx, userId, params),
    });
    apiRoute(app, {
      method: 'POST',
      url: `${P}/changeMail`,
      auth: 'required',
      params: changeMailParams,
      response: done,
      handler: ({ userId, params }) => profile.changeMail(ctx, userId, params),
    });
    apiRoute(app, {
      method: 'POST',
      url: `${P}/changePhone`,
      auth: 'required',
      params: changePhoneParams,
      response: done,
      handler: ({ userId, sessionId, params }) => profile.changePhone(ctx, userId, sessionId, params),
    });
    apiRoute(app, {
      method: 'POST',
      url: `${P}/securityCheck`,
      auth: 'required',
      params: securityCheckParams,
      response: securityTokenSchema,
      handler: ({ userId, params }) => profile.securityCheck(ctx, userId, params),
    });
    apiRoute(app, {
      method: 'GET',
      url: `${P}/getAvailableSecurityWay`,
      auth: 'required',
      params: emptyParams,
      response: z.array(securityWaySchema),
      handler: ({ userId }) => profile.availableSecurityWays(ctx, userId),
    });
    apiRoute(app, {
      method: 'POST',
      url: `${P}/bindSecurityWay`,
      auth: 'required',
      params: bindSecurityWayParams,
      response: done,
      handler: ({ userId, params }) => profile.bindSecurityWay(ctx, userId, params),
    });
    apiRoute(app, {
      method: 'POST',
      url: `${P}/modifySecret`,
      auth: 'required',
      params: modifySecretParams,
      response: done,
      handler: ({ userId, sessionId, params }) => profile.modifySecret(ctx, userId, sessionId, params),
    });
    apiRoute(app, {
      method: 'POST',
      url: `${P}/cancelAccount`,
      auth: 'required',
      params: cancelAccountParams,
      response: done,
      handler: ({ userId, params }) => profile.cancelAccount(ctx, userId, params.code),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/common/getHeadPicList',
      params: emptyParams,
      response: headPicListSchema,
      handler: async () => defaultAvatarPaths(),
    });
  };
}
