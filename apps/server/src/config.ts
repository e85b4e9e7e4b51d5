import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { isLocalUrl, isLoopbackHost, parseTrustedProxies } from './platform/http/exposure.js';
import { secretStrengthProblem } from './platform/secret-strength.js';
import { serverPaths } from './platform/paths.js';
import { paymentEnvShape, paymentsConfig, type PaymentsConfig } from './features/payments/providers/settings.js';
import { readRedisSettings, redisEnvShape, type RedisSettings } from './platform/redis/connection.js';
import { providerEnvShape, readProviderSettings, type RealNameSettings, type SmsSettings } from './platform/providers/provider-config.js';
import { readWithdrawalSettings, withdrawalEnvShape, type WithdrawalSettings } from './platform/providers/withdrawal-config.js';
import { mailEnvShape, readMailSettings, type MailSettings } from './platform/providers/mail-config.js';
import { databaseEnvShape, readDatabaseSettings, type DatabaseSettings } from './platform/db/db-config.js';
import { imageStoreEnvShape, readImageSettings, type ImageSettings } from './platform/providers/image-store-config.js';

/**
 * The only reader of process.env (conventions: "config is read once"). Every variable is listed in
 * .env.example; a bad value stops the boot with the full list of problems.
 */
const flag = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Default: 127.0.0.1 outside production (the sandbox must not be reachable), 0.0.0.0 in production. */
  HOST: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(20),
  /** Timeouts, the pooler mode, the direct and the read URL (issue 26): platform/db/db-config.ts. */
  ...databaseEnvShape,
  /**
   * Server processes sharing the port (node:cluster, decisions/0022). Default: one per available core with
   * PostgreSQL and Redis, else 1. PGlite admits one process, so more than 1 needs DATABASE_URL.
   */
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** REDIS_URL, or Redis Sentinel (REDIS_SENTINELS, REDIS_SENTINEL_NAME): platform/redis/connection.ts. */
  ...redisEnvShape,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Default: this repository's apps/web/dist, whatever the working directory. */
  WEB_DIST: z.string().min(1).optional(),
  IMAGE_UPSTREAM: z.string().url().default('https://cdn.cstrike.app'),
  /** The catalogue's image store (issue 27 §4): IMAGE_STORE, IMAGE_FALLBACK, IMAGE_S3_* (platform/providers/image-store-config.ts). */
  ...imageStoreEnvShape,
  /** Addresses or CIDRs of the reverse proxies whose X-Forwarded-For is believed (comma list; empty = none). */
  TRUST_PROXY: z.string().default(''),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Demo data into an empty database: default on outside production, refused in production. */
  SEED_DEMO: flag.optional(),
  JOBS_ENABLED: flag.default(true),
  JOBS_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  WS_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).default(50),
  BEACON_SOURCE: z.enum(['local', 'drand']).default('local'),
  /**
   * The sandbox (tools, fake providers, fake pay channel). Default: on outside production so `npm start`
   * is a working demo; only ever on a loopback HOST and a local PUBLIC_URL; refused in production.
   */
  SANDBOX_TOOLS: flag.optional(),
  /** Money calls one player may start per second on a node (bursts to twice this), and run at once. */
  MONEY_CALLS_PER_USER_PER_SECOND: z.coerce.number().int().min(1).default(10),
  MONEY_CALLS_IN_FLIGHT_PER_USER: z.coerce.number().int().min(1).default(4),
  /** API calls per second one session token may make on a node (bursts to twice this). */
  TOKEN_CALLS_PER_SECOND: z.coerce.number().int().min(1).default(30),
  /** How long those two refusals wait before they are answered (slows a client flooding in a loop). */
  LIMIT_REFUSAL_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(1_000),
  /** How long a request waits for a pooled database connection before a fast "busy" answer. */
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(2_000),
  /** Load shedding: refuse new API calls while more queries than this wait for a connection (default 2× pool). */
  SHED_POOL_WAITING: z.coerce.number().int().min(1).optional(),
  /** Load shedding: refuse new API calls while the event loop lags more than this (0: never; PostgreSQL only). */
  SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1_000),
  /** Seconds an Idempotency-Key without an answer stays with its attempt unrenewed (renewed every third of it). */
  IDEMPOTENCY_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  /** How long a token's session is trusted without a query (revocations reach every node at once). 0: off. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Parse the hot routes' answers against their schemas too (tests do; the hot path need not). */
  CHECK_RESPONSES: flag.optional(),
  /** Bearer token for operator-only endpoints (the ledger audit). Unset: those endpoints are off. */
  OPS_TOKEN: z.string().optional(),
  /** Key for HMACs (codes, ID numbers, tickets). Required in production; dev persists one in DATA_DIR. */
  APP_SECRET: z.string().min(32).optional(),
  /** The address browsers use to reach this site (Steam's return_to and realm). */
  PUBLIC_URL: z.string().url().optional(),
  STEAM_OPENID_ENDPOINT: z.string().url().default('https://steamcommunity.com/openid/login'),
  /** Global daily SMS budget: beyond it sending stops and an alarm is logged (SMS pumping fraud). */
  SMS_DAILY_BUDGET: z.coerce.number().int().min(1).default(10_000),
  /** Seconds between two codes to one number (security.md: 60). */
  SMS_RESEND_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  /** SMS and mail codes sent per client address per hour (security.md: 20). */
  SMS_MAX_PER_IP_HOUR: z.coerce.number().int().min(1).default(20),
  /** Sandbox fulfilment: time between two withdrawal states. */
  FULFILMENT_STEP_MS: z.coerce.number().int().min(0).default(30_000),
  /** Per-address cap on credential and slider calls, per minute, on top of the per-account throttles. */
  RATE_LIMIT_SENSITIVE_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** A session ends this many days after login, and after this many days unused (decisions/0015). */
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** Operator console sessions (issue 16): end after this many idle minutes, and this many hours in all. */
  ADMIN_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(240).default(15),
  ADMIN_SESSION_HOURS: z.coerce.number().int().min(1).max(24).default(8),
  /** Dream chasing (spec §5, PF v1 §6): the win probability's bounds in 1/100000, and the return rate. */
  DREAM_MIN_PROBABILITY: z.coerce.number().int().min(1).max(100_000).default(5_000),
  DREAM_MAX_PROBABILITY: z.coerce.number().int().min(1).max(100_000).default(75_000),
  DREAM_RETURN_RATE_BP: z.coerce.number().int().min(1_000).max(10_000).default(9_500),
  /** Targets a dream may aim at, by their price in fen. */
  DREAM_MIN_TARGET_PRICE_FEN: z.coerce.number().int().min(1).default(100),
  DREAM_MAX_TARGET_PRICE_FEN: z.coerce.number().int().min(1).max(1_000_000_000).default(10_000_000),
  /**
   * Issue 27 §11 (decision 0061): a price change that moves an enabled box's live return by more than this
   * (basis points, either way) is shown as a warning the operator must confirm. 100 = one percentage point.
   */
  BOX_RETURN_MOVE_WARN_BP: z.coerce.number().int().min(0).max(10_000).default(100),
  /** Customer service (spec §1, issue 15): how players reach a person. The chat link, when set, is https. */
  SUPPORT_EMAIL: z.string().email().default('support@skinfair.example'),
  SUPPORT_CHAT_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().startsWith('https://').optional()),
  SUPPORT_HOURS_ZH: z.string().min(1).max(80).default('每天 10:00–22:00（北京时间）'),
  SUPPORT_HOURS_EN: z.string().min(1).max(80).default('Every day 10:00–22:00 (Beijing time)'),
  SUPPORT_REPLY_HOURS: z.coerce.number().int().min(1).max(168).default(24),
  /** SMS and real-name providers (issue 17): platform/providers/provider-config.ts. */
  ...providerEnvShape,
  /** Mail codes (issue 27 §1): MAIL_PROVIDER sandbox | smtp, SMTP_*, MAIL_FROM_* (platform/providers/mail-config.ts). */
  ...mailEnvShape,
  /** Real payment providers (issue 17): PAYMENT_PROVIDERS, ALIPAY_*, WECHATPAY_* (features/payments/providers/settings.ts). */
  ...paymentEnvShape,
  /** Withdrawals (issue 17): WITHDRAWAL_MODE sandbox | manual | steam-bot, STEAM_BOT_* (platform/providers/withdrawal-config.ts). */
  ...withdrawalEnvShape,
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  dataDir: string;
  /** PGlite data directory when no DATABASE_URL is given; `memory://` for tests. */
  pgliteDir: string;
  databaseUrl: string | undefined;
  dbPoolSize: number;
  /** Connection guards, pooler mode, direct and read URLs (decisions/0059). */
  database: DatabaseSettings;
  /** Server processes (1: no cluster primary, main.ts serves by itself). */
  workers: number;
  redisUrl: string | undefined;
  /** Where Redis is (a server or Sentinels); undefined: no Redis, everything per node. */
  redis: RedisSettings | undefined;
  logLevel: Env['LOG_LEVEL'];
  webDist: string;
  imageDir: string;
  imageUpstream: string;
  /** Where mirrored catalogue images are (/img/images/*), and whether the rest redirect to imageUpstream. */
  images: ImageSettings;
  /** Proxy addresses/CIDRs (proxy-addr syntax) trusted for X-Forwarded-For; empty = trust none. */
  trustProxy: string[];
  rateLimitPerMinute: number;
  seedDemo: boolean;
  jobs: { enabled: boolean; pollMs: number };
  wsMaxConnectionsPerIp: number;
  beaconSource: Env['BEACON_SOURCE'];
  /**
   * Sandbox mode: /api/sandbox/* tools, the sandbox SMS/mail/certification/fulfilment providers and the
   * sandbox pay channel. Only on loopback with a local PUBLIC_URL; refused in production.
   */
  sandboxTools: boolean;
  opsToken: string | undefined;
  idempotencyLeaseS: number;
  sessionCacheMs: number;
  checkResponses: boolean;
  userLimits: { perSecond: number; inFlight: number };
  tokenCallsPerSecond: number;
  limitRefusalDelayMs: number;
  dbAcquireTimeoutMs: number;
  shedding: { maxPoolWaiting: number; maxEventLoopDelayMs: number };
  appSecret: string | undefined;
  publicUrl: string;
  steamOpenIdEndpoint: string;
  smsDailyBudget: number;
  smsMaxPerIpHour: number;
  smsResendSeconds: number;
  sensitiveRateLimitPerMinute: number;
  sessionTtlDays: number;
  sessionIdleDays: number;
  adminSession: { idleMinutes: number; hours: number };
  fulfilmentStepMs: number;
  dream: { minProbability: number; maxProbability: number; returnRateBp: number; minTargetPriceFen: number; maxTargetPriceFen: number };
  /** A price change moving a box's live return by more than this (bp) is a warning to confirm (decision 0061). */
  boxReturnMoveWarnBp: number;
  support: { email: string; chatUrl: string | null; hours: { zh: string; en: string }; replyWithinHours: number };
  /** Who sends SMS codes and who checks real names (issue 17); production accepts only the real ones. */
  sms: SmsSettings;
  realName: RealNameSettings;
  /** Who sends mail codes (issue 27 §1): an SMTP relay; production refuses the sandbox outbox. */
  mail: MailSettings;
  /** Real payment providers opened by PAYMENT_PROVIDERS (null: not configured). */
  payments: PaymentsConfig;
  /** Who delivers withdrawals: the manual console queue or the Steam trade bot (issue 17); production refuses the sandbox. */
  withdrawals: WithdrawalSettings;
}

export class ConfigError extends Error {}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  const host = env.HOST ?? (production ? '0.0.0.0' : '127.0.0.1');
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const sandbox = env.SANDBOX_TOOLS ?? !production;
  const problems: string[] = [];
  const trustProxy = parseTrustedProxies(env.TRUST_PROXY);
  if (typeof trustProxy === 'string') problems.push(`TRUST_PROXY: ${trustProxy}`);
  const payments = paymentsConfig(env);
  problems.push(...payments.problems);
  if (production) problems.push(...productionProblems(env, sandbox), ...paymentSandboxProblems(payments.payments));
  else if (sandbox && (!isLoopbackHost(host) || !isLocalUrl(publicUrl))) {
    // security: the sandbox hands out SMS codes and credits to anyone who can reach it.
    problems.push(
      `SANDBOX_TOOLS: the sandbox (readable SMS outbox, free credits, a fake pay channel) lets anyone who reaches ` +
        `this server log in as any user and mint coins, so it runs only on a loopback HOST and a local PUBLIC_URL ` +
        `(now HOST=${host}, PUBLIC_URL=${publicUrl}). Listen on 127.0.0.1, or set SANDBOX_TOOLS=false.`,
    );
  }
  if (env.WORKERS !== undefined && env.WORKERS > 1 && !env.DATABASE_URL)
    problems.push(
      `WORKERS: ${env.WORKERS} processes need PostgreSQL (DATABASE_URL); the embedded PGlite keeps its files for one ` +
        `process only. Set DATABASE_URL, or WORKERS=1.`,
    );
  if (env.DREAM_MIN_PROBABILITY > env.DREAM_MAX_PROBABILITY)
    problems.push(`DREAM_MIN_PROBABILITY: ${env.DREAM_MIN_PROBABILITY} is above DREAM_MAX_PROBABILITY (${env.DREAM_MAX_PROBABILITY})`);
  if (env.DREAM_MIN_TARGET_PRICE_FEN > env.DREAM_MAX_TARGET_PRICE_FEN)
    problems.push(
      `DREAM_MIN_TARGET_PRICE_FEN: ${env.DREAM_MIN_TARGET_PRICE_FEN} is above DREAM_MAX_TARGET_PRICE_FEN (${env.DREAM_MAX_TARGET_PRICE_FEN})`,
    );
  const providers = readProviderSettings(env, { production, sandbox });
  problems.push(...providers.problems);
  const mail = readMailSettings(env, { production, sandbox });
  problems.push(...mail.problems);
  const withdrawals = readWithdrawalSettings(env, { production, sandbox });
  problems.push(...withdrawals.problems);
  const database = readDatabaseSettings(env);
  problems.push(...database.problems);
  const redis = readRedisSettings(env);
  problems.push(...redis.problems);
  const images = readImageSettings(env, path.resolve(env.DATA_DIR));
  problems.push(...images.problems);
  // A Steam login is checked by asking this endpoint (check_authentication): over plain http anyone on the
  // way could answer "is_valid:true" for any Steam account. Plain http only to a stub on this machine.
  if (!env.STEAM_OPENID_ENDPOINT.startsWith('https://') && !isLocalUrl(env.STEAM_OPENID_ENDPOINT))
    problems.push(`STEAM_OPENID_ENDPOINT: ${env.STEAM_OPENID_ENDPOINT} must be https (plain http is accepted only to a loopback address)`);
  if (env.OPS_TOKEN !== undefined && env.OPS_TOKEN !== '') {
    const weak = secretStrengthProblem(env.OPS_TOKEN);
    if (weak) problems.push(`OPS_TOKEN: ${weak}`);
  }
  if (problems.length > 0) throw new ConfigError(`Invalid environment:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    host,
    port: env.PORT,
    dataDir,
    pgliteDir: path.join(dataDir, 'pg'),
    databaseUrl: env.DATABASE_URL,
    dbPoolSize: env.DB_POOL_SIZE,
    database: database.settings,
    // Without Redis each process would show only its own drops on the live feed and count rate limits
    // alone, so the default stays 1 there; an explicit WORKERS is honoured with a warning (decisions/0022).
    workers: env.WORKERS ?? (env.DATABASE_URL && redis.redis ? os.availableParallelism() : 1),
    redisUrl: env.REDIS_URL,
    redis: redis.redis,
    logLevel: env.LOG_LEVEL,
    webDist: env.WEB_DIST ? path.resolve(env.WEB_DIST) : serverPaths.webDist,
    imageDir: path.join(dataDir, 'img'),
    imageUpstream: env.IMAGE_UPSTREAM.replace(/\/$/, ''),
    images: images.settings,
    trustProxy: typeof trustProxy === 'string' ? [] : trustProxy,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    seedDemo: env.SEED_DEMO ?? !production,
    jobs: { enabled: env.JOBS_ENABLED, pollMs: env.JOBS_POLL_MS },
    wsMaxConnectionsPerIp: env.WS_MAX_CONNECTIONS_PER_IP,
    beaconSource: env.BEACON_SOURCE,
    sandboxTools: sandbox,
    opsToken: env.OPS_TOKEN || undefined,
    idempotencyLeaseS: env.IDEMPOTENCY_LEASE_SECONDS,
    sessionCacheMs: env.SESSION_CACHE_MS,
    checkResponses: env.CHECK_RESPONSES ?? env.NODE_ENV === 'test',
    userLimits: { perSecond: env.MONEY_CALLS_PER_USER_PER_SECOND, inFlight: env.MONEY_CALLS_IN_FLIGHT_PER_USER },
    tokenCallsPerSecond: env.TOKEN_CALLS_PER_SECOND,
    limitRefusalDelayMs: env.LIMIT_REFUSAL_DELAY_MS,
    dbAcquireTimeoutMs: env.DB_ACQUIRE_TIMEOUT_MS,
    shedding: { maxPoolWaiting: env.SHED_POOL_WAITING ?? env.DB_POOL_SIZE * 2, maxEventLoopDelayMs: env.SHED_EVENT_LOOP_DELAY_MS },
    appSecret: env.APP_SECRET,
    publicUrl,
    steamOpenIdEndpoint: env.STEAM_OPENID_ENDPOINT,
    smsDailyBudget: env.SMS_DAILY_BUDGET,
    smsMaxPerIpHour: env.SMS_MAX_PER_IP_HOUR,
    smsResendSeconds: env.SMS_RESEND_SECONDS,
    sensitiveRateLimitPerMinute: env.RATE_LIMIT_SENSITIVE_PER_MINUTE,
    sessionTtlDays: env.SESSION_TTL_DAYS,
    sessionIdleDays: Math.min(env.SESSION_IDLE_DAYS, env.SESSION_TTL_DAYS),
    adminSession: { idleMinutes: env.ADMIN_SESSION_IDLE_MINUTES, hours: env.ADMIN_SESSION_HOURS },
    fulfilmentStepMs: env.FULFILMENT_STEP_MS,
    dream: {
      minProbability: env.DREAM_MIN_PROBABILITY,
      maxProbability: env.DREAM_MAX_PROBABILITY,
      returnRateBp: env.DREAM_RETURN_RATE_BP,
      minTargetPriceFen: env.DREAM_MIN_TARGET_PRICE_FEN,
      maxTargetPriceFen: env.DREAM_MAX_TARGET_PRICE_FEN,
    },
    boxReturnMoveWarnBp: env.BOX_RETURN_MOVE_WARN_BP,
    support: {
      email: env.SUPPORT_EMAIL,
      chatUrl: env.SUPPORT_CHAT_URL ?? null,
      hours: { zh: env.SUPPORT_HOURS_ZH, en: env.SUPPORT_HOURS_EN },
      replyWithinHours: env.SUPPORT_REPLY_HOURS,
    },
    sms: providers.sms,
    realName: providers.realName,
    mail: mail.mail,
    payments: payments.payments,
    withdrawals: withdrawals.withdrawals,
  };
}

/**
 * A real provider pointed at its own sandbox: play money that our books would credit as real coins.
 * Allowed outside production (trying a provider out), refused in production like our own sandbox.
 */
function paymentSandboxProblems(payments: PaymentsConfig): string[] {
  const problems: string[] = [];
  const host = (url: string) => new URL(url).hostname.toLowerCase();
  if (payments.alipay && /(^|\.)alipaydev\.com$/.test(host(payments.alipay.gateway)))
    problems.push(`ALIPAY_GATEWAY: ${payments.alipay.gateway} is Alipay's sandbox (play money) and is not allowed in production`);
  if (payments.wechatpay && /\/sandboxnew(\/|$)/.test(new URL(payments.wechatpay.baseUrl).pathname))
    problems.push(
      `WECHATPAY_BASE_URL: ${payments.wechatpay.baseUrl} is WeChat Pay's sandbox (play money) and is not allowed in production`,
    );
  return problems;
}

/** What production refuses (issue 9 §9): anything fake, predictable or meant for a demo. */
function productionProblems(env: Env, sandbox: boolean): string[] {
  const problems: string[] = [];
  if (sandbox) problems.push('SANDBOX_TOOLS: the sandbox tools, providers and pay channel are not allowed in production');
  if (!env.DATABASE_URL) problems.push('DATABASE_URL: required in production (the embedded PGlite is single-process and does not fsync)');
  if (env.BEACON_SOURCE === 'local') problems.push('BEACON_SOURCE: "local" is predictable and not allowed in production (use drand)');
  if (env.SEED_DEMO) problems.push('SEED_DEMO: demo data is not allowed in production');
  if (!env.APP_SECRET) problems.push('APP_SECRET: required in production (e.g. `openssl rand -base64 48`)');
  else {
    const weak = secretStrengthProblem(env.APP_SECRET);
    if (weak) problems.push(`APP_SECRET: ${weak}`);
  }
  if (!env.PUBLIC_URL) problems.push('PUBLIC_URL: required in production (the https address players use)');
  return problems;
}
