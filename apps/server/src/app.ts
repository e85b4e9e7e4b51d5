import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { AppContext } from './app-context.js';
import type { Database } from './platform/db/client.js';
import type { LivePublisher } from './platform/live-publisher.js';
import { createHasher, resolveAppSecret } from './platform/secret.js';
import {
  createDrandBeaconProvider,
  createLocalBeaconProvider,
  createSteamOpenIdProvider,
  createFulfilmentProviderFor,
  createMailProviderFor,
  createCertificationProviderFor,
  createSmsProviderFor,
} from './platform/providers/index.js';
import { createPlatformServer } from './platform/http/server.js';
import { registerStaticFiles } from './platform/http/static-files.js';
import { catalogueImageOrigins, createImageStoreFor } from './platform/providers/image-store-config.js';
import { healthRoute } from './platform/health.js';
import { opsAuditRoute } from './platform/ops-audit.js';
import { installMetrics } from './platform/metrics/index.js';
import { clientErrorRoutes } from './platform/client-errors.js';
import { sharePageMeta } from './share-pages.js';
import { commonRoutes } from './features/common/index.js';
import { statsRoutes } from './features/stats/index.js';
import { registerStatsConsoleRoutes } from './features/stats/console/index.js';
import { registerCommonConsoleRoutes } from './features/common/console/index.js';
import { sandboxRoutes } from './features/sandbox/index.js';
import { verificationRoutes } from './features/verification/index.js';
import { authRoutes } from './features/auth/index.js';
import {
  ensureDefaultAvatars,
  findUser,
  findUserByMobile,
  securityNoticeJob,
  SECURITY_NOTICE_JOB,
  userRoutes,
} from './features/users/index.js';
import { balanceCreditAction, registerUserConsoleRoutes } from './features/users/console/index.js';
import { messageRoutes } from './features/messages/index.js';
import { catalogRoutes } from './features/catalog/index.js';
import { registerCatalogConsoleRoutes } from './features/catalog/console/index.js';
import { userCardRoutes } from './features/user-card/index.js';
import { activityRoutes } from './features/activity/index.js';
import { caseRoutes, registerCaseConsoleRoutes } from './features/cases/index.js';
import { transparencyRoutes } from './features/transparency/index.js';
import { protectionRoutes } from './features/protection/index.js';
import { registerReturnConsoleRoutes, returnsRoutes } from './features/returns/index.js';
import { backpackRoutes, registerBackpackConsoleRoutes, retrievalJob, RETRIEVAL_JOB } from './features/backpack/index.js';
import { registerShopConsoleRoutes, shopRoutes } from './features/shop/index.js';
import { fairnessRoutes } from './features/fairness/index.js';
import {
  DEPOSIT_EXPIRE_JOB,
  DEPOSIT_RECONCILE_JOB,
  DEPOSIT_REFUND_JOB,
  PENDING_BONUS_JOB,
  expireOrder,
  payHeldFirstDepositBonus,
  paymentRoutes,
  registerPaymentConsoleRoutes,
  reconcileJob,
  refundCheckJob,
  syncPaymentChannels,
} from './features/payments/index.js';
import { registerVipConsoleRoutes, vipRoutes } from './features/vip/index.js';
import { promotionRoutes, registerPromotionConsoleRoutes } from './features/promotion/index.js';
import { goldenCodeAction, goldenCodeRoutes, registerGoldenCodeConsoleRoutes } from './features/golden-code/index.js';
import { couponAction, redPacketAction, registerVoucherConsoleRoutes, voucherRoutes } from './features/vouchers/index.js';
import { virtualGoodsRoutes } from './features/virtual-goods/index.js';
import {
  battleDrawJob,
  battleExpireJob,
  battleRankJob,
  battleRevealJob,
  battleRoutes,
  registerBattleConsoleRoutes,
  BATTLE_DRAW_JOB,
  BATTLE_EXPIRE_JOB,
  BATTLE_RANK_JOB,
  BATTLE_REVEAL_JOB,
} from './features/battles/index.js';
import { dreamRoutes, registerDreamConsoleRoutes } from './features/dream/index.js';
import {
  giveawayDrawJob,
  giveawayFreezeJob,
  giveawayRoutes,
  registerGiveawayConsoleRoutes,
  GIVEAWAY_DRAW_JOB,
  GIVEAWAY_FREEZE_JOB,
} from './features/giveaways/index.js';
import { trackDevices } from './features/bonus-claims/index.js';
import { adminRoutes, bootstrapFilePath, installOperatorGate, type LimitedActions } from './features/admin/index.js';
import { officialGiveawayAction } from './features/giveaways/index.js';
import { EVENT_SETTLE_JOB, eventRoutes, eventSettleJob } from './features/events/index.js';
import { registerContentConsoleRoutes } from './features/content/index.js';
import type { JobRunner } from './platform/jobs/index.js';

export interface AppDeps {
  config: Config;
  database: Database;
  live: LivePublisher;
  /** Shared rate-limit counters between nodes; in-memory when absent. */
  redis?: Redis;
  /** Replace a provider (tests); the sandbox ones are the default. */
  providers?: Partial<Pick<AppContext, 'sms' | 'mail' | 'certification' | 'steam' | 'fulfilment' | 'beacon'>>;
  /** A context made earlier with createAppContext (main.ts shares it with the job runner). */
  ctx?: AppContext;
  /** Live-channel sockets open on this node, for /metrics (the live server exists only after the app). */
  liveConnections?: () => number;
  /** PGlite only: the first-admin command's token file (features/admin/bootstrap.ts, decisions/0032). */
  adminBootstrap?: { dataDir: string; port: number };
}

export function createAppContext(deps: AppDeps): AppContext {
  const { config, database } = deps;
  // Sandbox providers only in sandbox mode (config.ts refuses them otherwise); without a real one, fail closed.
  return {
    db: database.db,
    reads: database.reads,
    config,
    live: deps.live,
    hash: createHasher(resolveAppSecret(config.appSecret, config.dataDir)),
    // SMS and real-name: whatever config names (issue 17); the sandbox ones only with the sandbox tools.
    sms: deps.providers?.sms ?? createSmsProviderFor(config.sms, database.db),
    // Mail: an SMTP relay or the sandbox outbox, as config names (issue 27 §1); none fails closed.
    mail: deps.providers?.mail ?? createMailProviderFor(config.mail, database.db),
    certification: deps.providers?.certification ?? createCertificationProviderFor(config.realName),
    steam: deps.providers?.steam ?? createSteamOpenIdProvider(config.steamOpenIdEndpoint),
    // Withdrawals: the sandbox timer, the manual console queue or the Steam trade bot (issue 17, WITHDRAWAL_MODE).
    fulfilment: deps.providers?.fulfilment ?? createFulfilmentProviderFor(config.withdrawals, { sandboxStepMs: config.fulfilmentStepMs }),
    beacon: deps.providers?.beacon ?? (config.beaconSource === 'drand' ? createDrandBeaconProvider() : createLocalBeaconProvider()),
  };
}

const quietLog = { warn() {} };

/** Durable job kinds and their handlers (design §6); every node registers all of them. */
export function registerJobHandlers(runner: JobRunner, ctx: AppContext, log: { warn: (o: object, m?: string) => void } = quietLog): void {
  runner.registerOutsideCalls(RETRIEVAL_JOB, retrievalJob(ctx.fulfilment));
  runner.register(SECURITY_NOTICE_JOB, securityNoticeJob(ctx.sms, log));
  runner.register(DEPOSIT_EXPIRE_JOB, (payload, { tx }) => expireOrder(tx, Number(payload.orderId)));
  runner.registerOutsideCalls(DEPOSIT_RECONCILE_JOB, reconcileJob(ctx.config));
  // A refund's answer, asked for after a crash or while the provider is still processing it (decision 0060).
  runner.registerOutsideCalls(DEPOSIT_REFUND_JOB, refundCheckJob(ctx.config));
  // A first-deposit bonus held through a cool-off is paid when it ends (decision 0050).
  runner.register(PENDING_BONUS_JOB, (payload, { tx }) => payHeldFirstDepositBonus(tx, Number(payload.userId)));
  runner.register(BATTLE_DRAW_JOB, battleDrawJob(ctx));
  runner.register(BATTLE_EXPIRE_JOB, battleExpireJob(ctx));
  runner.register(BATTLE_RANK_JOB, battleRankJob(ctx));
  runner.register(BATTLE_REVEAL_JOB, battleRevealJob(ctx));
  runner.register(GIVEAWAY_FREEZE_JOB, giveawayFreezeJob(ctx));
  runner.register(GIVEAWAY_DRAW_JOB, giveawayDrawJob(ctx));
  runner.register(EVENT_SETTLE_JOB, eventSettleJob());
}

/** The value-creating console actions, each from the feature that owns it, run again when approved (decision 0048). */
const limitedActions: LimitedActions = {
  redPacket: redPacketAction,
  coupon: couponAction,
  goldenCode: goldenCodeAction,
  balanceCredit: balanceCreditAction,
  officialGiveaway: officialGiveawayAction,
};

/** Every plugin and feature of the server, on one screen. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, live } = deps;
  const ctx = deps.ctx ?? createAppContext(deps);
  const app = await createPlatformServer({
    db: ctx.db,
    logLevel: config.logLevel,
    trustProxy: config.trustProxy,
    rateLimitPerMinute: config.rateLimitPerMinute,
    // Only hosts a page may load images from: the bucket's public address, and the upstream while it is the fallback.
    imageOrigins: catalogueImageOrigins(config.images, config.imageUpstream),
    https: config.publicUrl.startsWith('https:'),
    idempotencyLeaseS: config.idempotencyLeaseS,
    sessionCacheMs: config.sessionCacheMs,
    checkResponses: config.checkResponses,
    userLimits: config.userLimits,
    tokenCallsPerSecond: config.tokenCallsPerSecond,
    limitRefusalDelayMs: config.limitRefusalDelayMs,
    // PGlite runs on this thread, so its own work shows up as event-loop lag: shed on lag only on PostgreSQL.
    shedding: {
      maxPoolWaiting: config.shedding.maxPoolWaiting,
      maxEventLoopDelayMs: database.engine === 'postgres' ? config.shedding.maxEventLoopDelayMs : 0,
      ...(database.poolStats ? { poolStats: database.poolStats } : {}),
    },
    ...(deps.redis ? { redis: deps.redis } : {}),
  });

  trackDevices(app, ctx.db);
  // Before any feature registers a console route (decision 0055).
  installOperatorGate(app, ctx.db);
  const metrics = installMetrics(app, {
    database,
    opsToken: config.opsToken,
    ...(deps.liveConnections ? { liveConnections: deps.liveConnections } : {}),
  });
  await app.register(healthRoute({ database, ...(deps.redis ? { redis: deps.redis } : {}) }));
  await app.register(opsAuditRoute({ database, opsToken: config.opsToken }));
  await app.register(clientErrorRoutes({ registry: metrics }));
  await app.register(commonRoutes({ db: ctx.db, env: { beaconSource: config.beaconSource, sandbox: config.sandboxTools } }));
  await app.register(statsRoutes({ reads: ctx.reads, live }));
  await app.register(verificationRoutes(ctx, { findUser, findUserByMobile }));
  await app.register(authRoutes(ctx));
  await app.register(userRoutes(ctx));
  await app.register(messageRoutes({ db: ctx.db }));
  await app.register(catalogRoutes({ reads: ctx.reads }));
  await app.register(userCardRoutes({ db: ctx.db }));
  await app.register(activityRoutes({ db: ctx.db }));
  await app.register(caseRoutes(ctx));
  await app.register(transparencyRoutes(ctx));
  await app.register(protectionRoutes(ctx));
  await app.register(returnsRoutes(ctx));
  await app.register(backpackRoutes(ctx));
  await app.register(shopRoutes(ctx));
  await app.register(fairnessRoutes({ db: ctx.db }));
  await app.register(paymentRoutes(ctx));
  await app.register(vipRoutes({ db: ctx.db }));
  await app.register(promotionRoutes(ctx));
  await app.register(goldenCodeRoutes(ctx));
  await app.register(voucherRoutes(ctx));
  await app.register(virtualGoodsRoutes(ctx));
  await app.register(battleRoutes(ctx));
  await app.register(giveawayRoutes(ctx));
  await app.register(dreamRoutes(ctx));
  await app.register(
    adminRoutes(ctx, {
      limitedActions,
      ...(deps.adminBootstrap
        ? { bootstrap: { file: bootstrapFilePath(deps.adminBootstrap.dataDir), port: deps.adminBootstrap.port } }
        : {}),
    }),
  );
  // The console's screens, each in the feature that owns the data (issue 25).
  registerBattleConsoleRoutes(app, ctx);
  registerGiveawayConsoleRoutes(app, ctx);
  registerDreamConsoleRoutes(app, ctx);
  registerShopConsoleRoutes(app, ctx);
  registerCatalogConsoleRoutes(app, ctx);
  registerCaseConsoleRoutes(app, ctx);
  registerContentConsoleRoutes(app, ctx);
  registerStatsConsoleRoutes(app, ctx);
  registerPaymentConsoleRoutes(app, ctx);
  registerReturnConsoleRoutes(app, ctx);
  registerUserConsoleRoutes(app, ctx);
  registerBackpackConsoleRoutes(app, ctx);
  registerGoldenCodeConsoleRoutes(app, ctx);
  registerVoucherConsoleRoutes(app, ctx);
  registerVipConsoleRoutes(app, ctx);
  registerPromotionConsoleRoutes(app, ctx);
  registerCommonConsoleRoutes(app, ctx);
  await app.register(eventRoutes(ctx));
  await app.register((await import('./features/content/index.js')).contentRoutes({ db: ctx.db, support: ctx.config.support }));
  await syncPaymentChannels(ctx.db, config);
  if (config.sandboxTools) await app.register(sandboxRoutes(ctx));

  ensureDefaultAvatars(config.imageDir);
  const spaFallback = await registerStaticFiles(app, {
    webDist: config.webDist,
    imageDir: config.imageDir,
    catalogueImages: {
      store: createImageStoreFor(config.images.store),
      fallbackUpstream: config.images.fallback ? config.imageUpstream : null,
    },
    publicUrl: config.publicUrl,
    // Link previews of a battle, a giveaway room or a verify link (issue 27 §9).
    pageMeta: sharePageMeta(ctx),
  });
  app.setNotFoundFallback(spaFallback);
  return app;
}
