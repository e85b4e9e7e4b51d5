import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  bindInviterParams,
  emptyParams,
  invitationCodeParams,
  promotionChannelSchema,
  promotionInfoSchema,
  transferSecondaryParams,
  transferSecondaryResultSchema,
} from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { apiRoute } from '../../platform/http/route.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { getBalances, transfer } from '../../platform/ledger/index.js';
import { loadSiteSettings } from '../common/index.js';
import { assertCanSpend } from '../users/index.js';
import { bindInviter, changeInvitationCode, listChannels, promotionInfo } from './service.js';

const done = z.literal(true);

export function promotionRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    apiRoute(app, {
      method: 'GET',
      url: '/api/promotion/getPromotionInfo',
      auth: 'required',
      params: emptyParams,
      response: promotionInfoSchema,
      handler: ({ userId }) => promotionInfo(ctx.db, userId, ctx.config.publicUrl),
    });
    apiRoute(app, {
      method: 'POST',
      url: '/api/promotion/modifyInvitationCode',
      auth: 'required',
      params: invitationCodeParams,
      response: done,
      handler: ({ userId, params }) => changeInvitationCode(ctx.db, userId, params.invitationCode),
    });
    apiRoute(app, {
      method: 'POST',
      url: '/api/personalCenter/bindInviter',
      auth: 'required',
      params: bindInviterParams,
      response: done,
      handler: ({ userId, params }) => bindInviter(ctx.db, userId, params.invitationCode),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/common/promotionChannelList',
      params: emptyParams,
      response: z.array(promotionChannelSchema),
      handler: async () =>
        (await listChannels(ctx.db)).map((c) => ({
          channelCode: c.channelCode,
          channelName: c.channelName,
          channelPlatform: c.channelPlatform,
        })),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/common/getDefaultInvitationCode',
      params: emptyParams,
      response: z.string(),
      handler: async () => (await loadSiteSettings(ctx.db)).defaultInvitationCode,
    });
    // transferSecondary: the secondary balance into coins, 1:1 (docs/decisions/0011), through the ledger.
    apiRoute(app, {
      method: 'POST',
      url: '/api/personalCenter/transferSecondary',
      auth: 'required',
      idempotent: { db: ctx.db },
      params: transferSecondaryParams,
      response: transferSecondaryResultSchema,
      handler: ({ userId, params }) =>
        runInTransaction(ctx.db, async ({ tx }) => {
          await assertCanSpend(tx, userId);
          await transfer(tx, {
            from: { userId, kind: 'secondary' },
            to: { userId, kind: 'coin' },
            amountFen: params.amount,
            code: 'secondary_transfer',
          });
          const b = await getBalances(tx, userId);
          return { balance: b.coinFen, secondaryBalance: b.secondaryFen };
        }),
    });
  };
}
