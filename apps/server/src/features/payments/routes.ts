import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dailyTopUpClaimSchema, dailyTopUpSchema, balanceLogParams, balanceLogSchema, emptyParams, INTEGER_MAX, makePaymentParams, pageSchema, pagingParams, paymentRecordSchema, paymentResultSchema, paymentStateParams, paymentStateSchema, promotionListSchema, rechargeConfigSchema, toPage } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { apiRoute } from '../../platform/http/route.js';
import { flowRecords } from '../../platform/ledger/index.js';
import { isAppError } from '../../platform/errors.js';
import { pgConstraint, pgErrorCode } from '../../platform/db/pg-errors.js';
import { applyCallback, makePayment, paymentRecords, paymentState, rechargeConfig, type CallbackBody } from './service.js';
import { findChannel } from './repo.js';
import { verifyCallbackSignature } from './signature.js';
import { recordCallback } from './callbacks.js';
import { claimDailyTopUp, dailyTopUpStatus } from './daily-topup.js';
import { promotionList } from './promotions.js';

const callbackBody = z.object({
  orderId: z.string().min(8).max(64),
  providerTxnId: z.string().min(1).max(100),
  amount: z.number().int().positive(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  status: z.enum(['paid', 'cancelled']),
});

/** A channel id as the path spells it, or null when it cannot name a row of the integer column (issue 10 §7). */
function channelIdOf(text: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= INTEGER_MAX ? id : null;
}

export function paymentRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    apiRoute(app, { method: 'GET', url: '/api/recharge/rechargeConfig', params: emptyParams, response: rechargeConfigSchema, handler: ({ userId }) => rechargeConfig(ctx, userId) });
    apiRoute(app, {
      method: 'POST',
      url: '/api/recharge/makePayment',
      auth: 'required',
      idempotent: { db: ctx.db },
      params: makePaymentParams,
      response: paymentResultSchema,
      handler: ({ userId, params }) => makePayment(ctx, userId, { channelId: params.rechargeChannelId, currency: params.currencyCode, amount: params.amount, couponId: params.couponId }),
    });
    apiRoute(app, { method: 'GET', url: '/api/recharge/paymentState', auth: 'required', params: paymentStateParams, response: paymentStateSchema, handler: ({ userId, params }) => paymentState(ctx, userId, params.orderId) });
    apiRoute(app, { method: 'GET', url: '/api/personalCenter/getMyPaymentPage', auth: 'required', params: pagingParams, response: pageSchema(paymentRecordSchema), handler: ({ userId, params }) => paymentRecords(ctx, userId, params.page, params.pageSize) });
    apiRoute(app, {
      method: 'GET',
      url: '/api/personalCenter/getMyBalanceLog',
      auth: 'required',
      params: balanceLogParams,
      response: pageSchema(balanceLogSchema),
      handler: async ({ userId, params }) => {
        const { rows, totalRows } = await flowRecords(ctx.db, userId, params);
        return toPage(rows, params.page, params.pageSize, totalRows);
      },
    });
    // Not in the spec's API list: /promotions shows the deposit promotions' terms to guests too, and the
    // calls that serve them today (getGradeInfo, dailyTopUp) need a login.
    apiRoute(app, { method: 'GET', url: '/api/common/promotionList', params: emptyParams, response: promotionListSchema, handler: () => promotionList(ctx.db) });
    apiRoute(app, { method: 'GET', url: '/api/activity/dailyTopUp', auth: 'required', params: emptyParams, response: dailyTopUpSchema, handler: ({ userId }) => dailyTopUpStatus(ctx.db, userId) });
    apiRoute(app, { method: 'POST', url: '/api/activity/dailyTopUp/claim', auth: 'required', params: emptyParams, response: dailyTopUpClaimSchema, handler: ({ userId }) => claimDailyTopUp(ctx.db, userId) });
    await app.register(callbackRoute(ctx));
  };
}

/**
 * The gateway's webhook. Its own plugin keeps the raw body: the signature is checked on the exact bytes
 * before anything in them is parsed or trusted (security.md "Payments"). Answers plain text.
 */
function callbackRoute(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => done(null, body));
    app.post('/api/callback/:channelId', async (request, reply) => {
      const channelId = channelIdOf((request.params as { channelId: string }).channelId);
      const raw = typeof request.body === 'string' ? request.body : '';
      const channel = channelId === null ? null : await findChannel(ctx.db, channelId);
      const ts = request.headers['x-timestamp'];
      const sig = request.headers['x-signature'];
      // A disabled channel (the sandbox one outside sandbox mode) takes no callbacks, signed or not.
      if (!channel || !channel.enabled || !verifyCallbackSignature(channel.secret, typeof ts === 'string' ? ts : undefined, typeof sig === 'string' ? sig : undefined, raw)) {
        request.log.warn({ channelId }, 'payment callback with a bad signature');
        return reply.status(401).type('text/plain').send('fail: signature');
      }
      // Kept as received, with the answer, for the operator console (issue 16 screen 7).
      const answer = async (status: number, text: string) => {
        await recordCallback(ctx.db, { channelId: channel.id, rawBody: raw, timestamp: typeof ts === 'string' ? ts : null, outcome: text });
        return reply.status(status).type('text/plain').send(text);
      };
      let body: CallbackBody;
      try {
        body = callbackBody.parse(JSON.parse(raw));
      } catch {
        return answer(400, 'fail: body');
      }
      let outcome: 'ok' | 'ignored';
      try {
        outcome = await applyCallback(ctx, channel.id, body);
      } catch (err) {
        const duplicateTxn = pgErrorCode(err) === '23505' && pgConstraint(err) === 'deposit_orders_provider_txn';
        request.log.warn({ err: isAppError(err) ? err.message : String(err), orderId: body.orderId }, 'payment callback refused');
        return answer(duplicateTxn ? 409 : 400, 'fail');
      }
      return answer(200, outcome === 'ok' ? 'success' : 'success: already processed');
    });
  };
}
