import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env (conventions: "config is read once"). Every variable is listed in
 * .env.example; a bad value stops the boot with the full list of problems.
 */
const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(20),
  REDIS_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().min(1).default('./apps/web/dist'),
  IMAGE_UPSTREAM: z.string().url().default('https://cdn.cstrike.app'),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  SEED_DEMO: flag.default(true),
  JOBS_ENABLED: flag.default(true),
  JOBS_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  WS_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).default(50),
  BEACON_SOURCE: z.enum(['local', 'drand']).default('local'),
  /** Sandbox tools default to on outside production so `npm start` is a working demo. */
  SANDBOX_TOOLS: flag.optional(),
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
  redisUrl: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  webDist: string;
  imageDir: string;
  imageUpstream: string;
  trustProxy: number;
  rateLimitPerMinute: number;
  seedDemo: boolean;
  jobs: { enabled: boolean; pollMs: number };
  wsMaxConnectionsPerIp: number;
  beaconSource: Env['BEACON_SOURCE'];
  /** /api/sandbox/* test and demo tools; refused in production. */
  sandboxTools: boolean;
  appSecret: string | undefined;
  publicUrl: string;
  steamOpenIdEndpoint: string;
  smsDailyBudget: number;
  smsMaxPerIpHour: number;
  smsResendSeconds: number;
  sensitiveRateLimitPerMinute: number;
  fulfilmentStepMs: number;
}

export class ConfigError extends Error {}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  // security: the local beacon is predictable by design (provably-fair.md §9), never for production.
  if (env.NODE_ENV === 'production' && env.BEACON_SOURCE === 'local' && env.DATABASE_URL) {
    throw new ConfigError('Invalid environment:\n  BEACON_SOURCE: "local" is not allowed in production');
  }
  const production = env.NODE_ENV === 'production';
  if (production && env.SANDBOX_TOOLS) {
    throw new ConfigError('Invalid environment:\n  SANDBOX_TOOLS: not allowed in production');
  }
  if (production && !env.APP_SECRET) {
    throw new ConfigError('Invalid environment:\n  APP_SECRET: required in production (32+ characters)');
  }
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir,
    pgliteDir: path.join(dataDir, 'pg'),
    databaseUrl: env.DATABASE_URL,
    dbPoolSize: env.DB_POOL_SIZE,
    redisUrl: env.REDIS_URL,
    logLevel: env.LOG_LEVEL,
    webDist: path.resolve(env.WEB_DIST),
    imageDir: path.join(dataDir, 'img'),
    imageUpstream: env.IMAGE_UPSTREAM.replace(/\/$/, ''),
    trustProxy: env.TRUST_PROXY,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    seedDemo: env.SEED_DEMO,
    jobs: { enabled: env.JOBS_ENABLED, pollMs: env.JOBS_POLL_MS },
    wsMaxConnectionsPerIp: env.WS_MAX_CONNECTIONS_PER_IP,
    beaconSource: env.BEACON_SOURCE,
    sandboxTools: env.SANDBOX_TOOLS ?? !production,
    appSecret: env.APP_SECRET,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    steamOpenIdEndpoint: env.STEAM_OPENID_ENDPOINT,
    smsDailyBudget: env.SMS_DAILY_BUDGET,
    smsMaxPerIpHour: env.SMS_MAX_PER_IP_HOUR,
    smsResendSeconds: env.SMS_RESEND_SECONDS,
    sensitiveRateLimitPerMinute: env.RATE_LIMIT_SENSITIVE_PER_MINUTE,
    fulfilmentStepMs: env.FULFILMENT_STEP_MS,
  };
}
