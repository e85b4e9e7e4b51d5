import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dropItemSchema, emailSchema, EventType, giveawayRoomSchema, intParam, mobileSchema, noNul, tokenParam } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { AppError } from '../../platform/errors.js';
import { credit } from '../../platform/ledger/index.js';
import { playerRouter } from '../../platform/http/routers.js';
import { mergeParams } from '../../platform/http/params.js';
import { isDirectLocalRequest } from '../../platform/http/exposure.js';
import { sendError } from '../../platform/http/error-handler.js';
import { readMailOutbox, readSmsOutbox } from '../../platform/providers/index.js';
import { toIso } from '../../platform/db/rows.js';
import { recordDrops } from '../stats/index.js';
import { findUser } from '../users/index.js';
import { assertMayDeposit } from '../protection/index.js';
import { sliderAnswer } from '../verification/index.js';
import { completeCertification } from '../auth/index.js';
import { createSandboxOfficialGiveaway } from '../giveaways/index.js';
import { certifyPage } from './certify-page.js';
import { sandboxCheckoutRoutes } from './checkout.js';

const publishDropParams = z.object({
  giftName: z.string().min(1).max(80).refine(noNul),
  grade: intParam(0, 3),
  recoveryPrice: intParam(0, 100_000_000),
  nickname: z.string().min(1).max(30).refine(noNul).default('沙盒玩家'),
  sourceType: z.union([z.literal(21), z.literal(22), z.literal(23)]).default(EventType.CASE_DROP),
});

const outboxEntry = z.object({ target: z.string(), code: z.string().nullable(), text: z.string(), createTime: z.string() });
const codeIn = (text: string) => /(\d{6})/.exec(text)?.[1] ?? null;

/**
 * Sandbox tools, registered only when SANDBOX_TOOLS is on (never in production): what the sandbox SMS
 * and mail providers "delivered", a slider answer for end-to-end tests, the certification provider's
 * page, and a drop publisher that goes through the same after-commit path as a game.
 */
export function sandboxRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    // The sandbox listens on loopback only (decision 0013), but a reverse proxy on the same machine would
    // still hand it the internet: whatever did not come straight from this machine finds no sandbox here.
    app.addHook('onRequest', async (request, reply) => {
      if (!isDirectLocalRequest(request)) return sendError(request, reply, 'ROUTE_NOT_FOUND', { httpStatus: 404 });
    });
    await app.register(sandboxCheckoutRoutes(ctx));
    const r = playerRouter(app);
    const signedIn = playerRouter(app, { auth: 'required' });
    r.post('/api/sandbox/publishDrop', publishDropParams, z.array(dropItemSchema), ({ params }) =>
      runInTransaction(ctx.db, (scope) =>
        recordDrops(scope, ctx.live, [
          {
            userId: null,
            nickname: params.nickname,
            headPic: null,
            giftName: params.giftName,
            giftImage: null,
            grade: params.grade,
            recoveryPriceFen: params.recoveryPrice,
            sourceType: params.sourceType,
            sourceId: null,
            sourceName: '沙盒',
            sourceImage: null,
            // Published by hand, not played: labelled demo and never counted (decision 0017).
            demo: true,
          },
        ]),
      ),
    );
    // Demo money for a sandbox player, through the ledger like any credit. It stands in for a deposit, so the
    // deposit's own protection check comes first (issue 30 §9): refused during a cool-off or self-exclusion
    // and past a deposit limit. It is not counted in the limits' sums (not money the player paid; decision 0050).
    signedIn.post(
      '/api/sandbox/credit',
      z.object({ amount: intParam(1, 1_000_000).default(10_000) }),
      z.object({ balance: z.number().int() }),
      ({ userId, params }) =>
        runInTransaction(ctx.db, async ({ tx }) => {
          await assertMayDeposit(tx, userId, params.amount);
          const t = await credit(tx, { userId, kind: 'coin', amountFen: params.amount, from: 'promotions', code: 'demo_credit' });
          return { balance: t.creditBalanceAfterFen };
        }),
    );
    // An official giveaway room that opens soon, so a test or a demo sees a whole draw (issue 14).
    r.post(
      '/api/sandbox/officialGiveaway',
      z.object({ seconds: intParam(15, 3_600).default(30), prizes: intParam(1, 5).default(2) }),
      giveawayRoomSchema,
      ({ params }) => createSandboxOfficialGiveaway(ctx, params.seconds, params.prizes),
    );
    r.get('/api/sandbox/smsOutbox', z.object({ phone: mobileSchema.optional() }), z.array(outboxEntry), async ({ params, userId }) => {
      const phone = params.phone ?? (userId ? (await findUser(ctx.db, userId))?.mobile : undefined);
      if (!phone) throw new AppError('MOBILE_INVALID');
      const rows = await readSmsOutbox(ctx.db, phone);
      return rows.map((r) => ({ target: r.phone, code: codeIn(r.text), text: r.text, createTime: toIso(r.createdAt) }));
    });
    r.get('/api/sandbox/mailOutbox', z.object({ email: emailSchema }), z.array(outboxEntry), async ({ params }) =>
      (await readMailOutbox(ctx.db, params.email)).map((r) => ({
        target: r.email,
        code: codeIn(r.text),
        text: r.text,
        createTime: toIso(r.createdAt),
      })),
    );
    r.get(
      '/api/sandbox/sliderAnswer',
      z.object({ captchaId: tokenParam(8, 64) }),
      z.object({ x: z.number().int() }),
      async ({ params }) => {
        const x = await sliderAnswer(ctx.db, params.captchaId);
        if (x === null) throw new AppError('NOT_FOUND');
        return { x };
      },
    );
    // The sandbox certification provider's own page (what a face-check vendor would show).
    app.get('/api/sandbox/certify', async (request, reply) => {
      const { certifyId } = mergeParams(request.query, undefined) as { certifyId?: string };
      return reply.type('text/html; charset=utf-8').send(certifyPage(String(certifyId ?? '')));
    });
    app.post('/api/sandbox/certify/complete', async (request, reply) => {
      const { certifyId, result } = mergeParams(request.query, request.body) as { certifyId?: string; result?: string };
      const id = String(certifyId ?? '');
      try {
        await completeCertification(ctx, id, result === 'pass');
      } catch (err) {
        request.log.info({ err: String(err) }, 'sandbox certification not completed');
      }
      return reply.redirect(`/personal?certifyId=${encodeURIComponent(id)}`, 302);
    });
  };
}
