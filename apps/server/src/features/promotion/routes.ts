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
import { playerRouter } from '../../platform/http/routers.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { getBalances, transfer } from '../../platform/ledger/index.js';
import { loadSiteSettings } from '../common/index.js';
import { assertCanSpend } from '../users/index.js';
import { bindInviter, changeInvitationCode, listChannels, promotionInfo } from './service.js';

const done = z.literal(true);

export function promotionRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = playerRouter(app);
    const signedIn = playerRouter(app, { auth: 'required' });
    const money = playerRouter(app, { auth: 'required', idempotent: { db: ctx.db } });
    signedIn.get('/api/promotion/getPromotionInfo', emptyParams, promotionInfoSchema, ({ userId }) =>
      promotionInfo(ctx.db, userId, ctx.config.publicUrl),
    );
    signedIn.post('/api/promotion/modifyInvitationCode', invitationCodeParams, done, ({ userId, params }) =>
      changeInvitationCode(ctx.db, userId, params.invitationCode),
    );
    signedIn.post('/api/personalCenter/bindInviter', bindInviterParams, done, ({ userId, params }) =>
      bindInviter(ctx.db, userId, params.invitationCode),
    );
    r.get('/api/common/promotionChannelList', emptyParams, z.array(promotionChannelSchema), async () =>
      (await listChannels(ctx.db)).map((c) => ({
        channelCode: c.channelCode,
        channelName: c.channelName,
        channelPlatform: c.channelPlatform,
      })),
    );
    r.get(
      '/api/common/getDefaultInvitationCode',
      emptyParams,
      z.string(),
      async () => (await loadSiteSettings(ctx.db)).defaultInvitationCode,
    );
    // transferSecondary: the secondary balance into coins, 1:1 (docs/decisions/0011), through the ledger.
    money.post('/api/personalCenter/transferSecondary', transferSecondaryParams, transferSecondaryResultSchema, ({ userId, params }) =>
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
    );
  };
}
