import type { FastifyInstance } from 'fastify';
import {
  dailyTopUpClaimSchema,
  dailyTopUpSchema,
  balanceLogParams,
  balanceLogSchema,
  emptyParams,
  INTEGER_MAX,
  makePaymentParams,
  pageSchema,
  pagingParams,
  paymentRecordSchema,
  paymentResultSchema,
  paymentStateParams,
  paymentStateSchema,
  promotionListSchema,
  rechargeConfigSchema,
  toPage,
} from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { playerRouter } from '../../platform/http/routers.js';
import { flowRecords } from '../../platform/ledger/index.js';
import { isAppError } from '../../platform/errors.js';
import { pgConstraint, pgErrorCode } from '../../platform/db/pg-errors.js';
import { applyCallback, makePayment, paymentRecords, paymentState, rechargeConfig } from './service.js';
import { findChannel, findOrderByNo } from './repo.js';
import { paymentProviderFor, type WebhookVerdict } from './providers/index.js';
import { createSandboxPaymentProvider } from './providers/sandbox.js';
import { recordCallback } from './callbacks.js';
import { callbackRefusal } from './callback-refusals.js';
import { claimDailyTopUp, dailyTopUpStatus } from './daily-topup.js';
import { deviceIdOf } from '../../platform/http/device-id.js';
import { promotionList } from './promotions.js';

/** A channel id as the path spells it, or null when it cannot name a row of the integer column (issue 10 §7). */
function channelIdOf(text: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= INTEGER_MAX ? id : null;
}

export function paymentRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = playerRouter(app);
    const signedIn = playerRouter(app, { auth: 'required' });
    const money = playerRouter(app, { auth: 'required', idempotent: { db: ctx.db } });
    r.get('/api/recharge/rechargeConfig', emptyParams, rechargeConfigSchema, ({ userId }) => rechargeConfig(ctx, userId));
    money.post('/api/recharge/makePayment', makePaymentParams, paymentResultSchema, ({ userId, params, ip }) =>
      makePayment(ctx, userId, {
        channelId: params.rechargeChannelId,
        currency: params.currencyCode,
        amount: params.amount,
        couponId: params.couponId,
        clientIp: ip,
      }),
    );
    signedIn.get('/api/recharge/paymentState', paymentStateParams, paymentStateSchema, ({ userId, params }) =>
      paymentState(ctx, userId, params.orderId),
    );
    signedIn.get('/api/personalCenter/getMyPaymentPage', pagingParams, pageSchema(paymentRecordSchema), ({ userId, params }) =>
      paymentRecords(ctx, userId, params.page, params.pageSize),
    );
    signedIn.get('/api/personalCenter/getMyBalanceLog', balanceLogParams, pageSchema(balanceLogSchema), async ({ userId, params }) => {
      const { rows, totalRows } = await flowRecords(ctx.db, userId, params);
      return toPage(rows, params.page, params.pageSize, totalRows);
    });
    // Not in the spec's API list: /promotions shows the deposit promotions' terms to guests too, and the
    // calls that serve them today (getGradeInfo, dailyTopUp) need a login.
    r.get('/api/common/promotionList', emptyParams, promotionListSchema, () => promotionList(ctx.db));
    signedIn.get('/api/activity/dailyTopUp', emptyParams, dailyTopUpSchema, ({ userId }) => dailyTopUpStatus(ctx.db, userId));
    money.post('/api/activity/dailyTopUp/claim', emptyParams, dailyTopUpClaimSchema, ({ userId, request }) =>
      claimDailyTopUp(ctx.db, userId, deviceIdOf(request)),
    );
    await app.register(callbackRoute(ctx));
  };
}

/**
 * The providers' webhook. Its own plugin keeps the raw body (JSON for the sandbox and WeChat Pay, a form
 * for Alipay): the channel's provider checks the signature on the exact bytes before anything in them is
 * parsed or trusted (security.md "Payments"), then the order is settled from our own row. Each provider
 * gets the answer it requires (Alipay `success`/`fail`, WeChat Pay 200 or an error JSON).
 */
function callbackRoute(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const asText = (_req: unknown, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) => done(null, body);
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, asText);
    app.removeContentTypeParser('application/x-www-form-urlencoded');
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, asText);
    app.setErrorHandler(callbackRefusal);
    app.post('/api/callback/:channelId', async (request, reply) => {
      const channelId = channelIdOf((request.params as { channelId: string }).channelId);
      const raw = typeof request.body === 'string' ? request.body : '';
      const channel = channelId === null ? null : await findChannel(ctx.db, channelId);
      // A disabled channel (the sandbox one outside sandbox mode, a provider not configured) takes no callbacks.
      const provider = channel?.enabled ? paymentProviderFor(ctx.config, channel.channelType) : null;
      const check =
        channel && provider
          ? await provider.verifyNotification({ rawBody: raw, headers: request.headers, channel })
          : ({ kind: 'bad-signature' } as const);
      if (!channel || !provider || check.kind === 'bad-signature') {
        request.log.warn({ channelId }, 'payment callback with a bad signature');
        const a = (provider ?? SANDBOX_ANSWERS).answer('bad-signature');
        return reply.status(a.status).type(a.contentType).send(a.body);
      }
      const ts = request.headers['x-timestamp'] ?? request.headers['wechatpay-timestamp'];
      // Kept as received, with the answer, for the operator console (issue 16 screen 7).
      const answer = async (verdict: WebhookVerdict, outcome: string, orderNo: string | null) => {
        await recordCallback(ctx.db, {
          channelId: channel.id,
          rawBody: raw,
          timestamp: typeof ts === 'string' ? ts : null,
          outcome,
          orderNo,
        });
        const a = provider.answer(verdict);
        return reply.status(a.status).type(a.contentType).send(a.body);
      };
      if (check.kind === 'unreadable') return answer('unreadable', 'fail: body', check.orderNo);
      const n = check.notification;
      // A notice about a trade that is not paid (waiting, closed at the provider): acknowledged, nothing moves.
      if (n.status === 'pending') return answer('already-processed', 'success: not paid', n.orderNo);
      let outcome: 'ok' | 'ignored';
      try {
        outcome = await applyCallback(ctx, channel.id, {
          orderId: n.orderNo,
          providerTxnId: n.providerTxnId,
          amount: n.amountMinor,
          currency: n.currency,
          status: n.status,
        });
      } catch (err) {
        const duplicateTxn = pgErrorCode(err) === '23505' && pgConstraint(err) === 'deposit_orders_provider_txn';
        request.log.warn({ err: isAppError(err) ? err.message : String(err), orderId: n.orderNo }, 'payment callback refused');
        if (duplicateTxn) return answer('conflict', 'fail', n.orderNo);
        return answer('refused', isAppError(err) ? `fail: ${err.code}` : 'fail', n.orderNo);
      }
      if (outcome === 'ok') return answer('success', 'success', n.orderNo);
      // Paid at the provider after we cancelled the order (it expired): acknowledged so the provider stops
      // retrying, credited to nobody, and spelled out for the operator (refund it, docs/DEPLOY.md "Payments").
      const late = n.status === 'paid' && (await findOrderByNo(ctx.db, n.orderNo))?.state === 2;
      return answer('already-processed', late ? 'success: paid after cancellation, refund' : 'success: already processed', n.orderNo);
    });
  };
}

const SANDBOX_ANSWERS = createSandboxPaymentProvider();
