import { z } from 'zod';

/**
 * Who delivers withdrawals (issue 17 "Steam withdrawals"), read by config.ts with the rest of the
 * environment. Every variable is listed in .env.example and docs/DEPLOY.md ("Steam withdrawals").
 */
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional());

export const withdrawalEnvShape = {
  /**
   * sandbox (a timer walks the states; demo only) | manual (operators work the console queue) | steam-bot.
   * Default: sandbox with the sandbox tools, else none (withdrawals wait, nothing is delivered).
   */
  WITHDRAWAL_MODE: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['sandbox', 'manual', 'steam-bot']).optional()),
  STEAM_BOT_ACCOUNT_NAME: optionalText,
  STEAM_BOT_PASSWORD: optionalText,
  /** base64 shared_secret of the bot's Steam Guard mobile authenticator (login codes, steam-totp). */
  STEAM_BOT_SHARED_SECRET: optionalText,
  /** base64 identity_secret of the same authenticator (trade confirmations). */
  STEAM_BOT_IDENTITY_SECRET: optionalText,
  /** Steam Web API key of the bot account (32 hex digits). Unset: the web session's access token is used. */
  STEAM_BOT_API_KEY: optionalText,
  /** How often an open offer is looked at. */
  STEAM_BOT_POLL_MS: z.coerce.number().int().min(200).max(3_600_000).default(30_000),
  /** An offer the player has not accepted after this long is cancelled and the item returned (Steam's own limit: 14 days). */
  STEAM_BOT_OFFER_TTL_MINUTES: z.coerce.number().int().min(1).max(20_160).default(1_440),
  /** "inventory" (any tradable item of the bot with the item's market hash name) or a JSON map market hash name → asset ids. */
  STEAM_BOT_STOCK: z.string().min(1).default('inventory'),
  STEAM_BOT_WEB_API_URL: z.string().url().default('https://api.steampowered.com'),
  STEAM_BOT_COMMUNITY_URL: z.string().url().default('https://steamcommunity.com'),
  /** Tests only (loopback STEAM_BOT_COMMUNITY_URL and STEAM_BOT_WEB_API_URL): web-session cookies, `;`-separated, instead of a steam-user login. */
  STEAM_BOT_WEB_COOKIES: optionalText,
};

export type WithdrawalEnv = z.infer<z.ZodObject<typeof withdrawalEnvShape>>;

/** Where the bot's items come from: its live inventory by name, or fixed asset ids per market hash name. */
export type SteamBotStock = { kind: 'inventory' } | { kind: 'assets'; byName: Record<string, string[]> };

export interface SteamBotSettings {
  accountName: string;
  password: string;
  sharedSecret: string;
  identitySecret: string;
  apiKey: string | null;
  pollMs: number;
  offerTtlMs: number;
  stock: SteamBotStock;
  webApiUrl: string;
  communityUrl: string;
  /** Set only against a local stub (tests): the web session without a Steam login. */
  webCookies: string[] | null;
}

export type WithdrawalSettings = { mode: 'none' } | { mode: 'sandbox' } | { mode: 'manual' } | ({ mode: 'steam-bot' } & SteamBotSettings);

const isLoopback = (value: string) => {
  const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
};

/** https, or plain http to this machine (a test stub). */
function endpointProblem(name: string, value: string): string | null {
  const url = new URL(value);
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && isLoopback(value)) return null;
  return `${name}: ${value} must be https (plain http is accepted only to a loopback address)`;
}

/** A base64 secret of the Steam Guard authenticator: 20 bytes (what maFiles / SDA / steamguard-cli export). */
const secretProblem = (name: string, value: string) =>
  /^[A-Za-z0-9+/]{27}=$/.test(value) && Buffer.from(value, 'base64').length === 20
    ? null
    : `${name}: the base64 secret from the Steam Guard mobile authenticator (28 characters ending in "=")`;

export function parseStock(value: string): SteamBotStock | string {
  if (value.trim() === 'inventory') return { kind: 'inventory' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return 'STEAM_BOT_STOCK: "inventory" or a JSON object {"<market hash name>": ["<asset id>", …]}';
  }
  const shape = z.record(z.string().min(1), z.array(z.string().regex(/^[1-9]\d{0,19}$/)).min(1));
  const checked = shape.safeParse(parsed);
  if (!checked.success) return 'STEAM_BOT_STOCK: every market hash name needs a list of asset ids (digits, as strings)';
  const all = Object.values(checked.data).flat();
  if (new Set(all).size !== all.length) return 'STEAM_BOT_STOCK: an asset id is listed twice';
  return { kind: 'assets', byName: checked.data };
}

/** The chosen withdrawal mode and every problem with its settings (all listed at once, as config.ts does). */
export function readWithdrawalSettings(
  env: WithdrawalEnv,
  mode: { production: boolean; sandbox: boolean },
): { withdrawals: WithdrawalSettings; problems: string[] } {
  const problems: string[] = [];
  // Unset outside the sandbox: withdrawals wait in the queue (fail closed, as SMS does), nothing is delivered.
  const chosen = env.WITHDRAWAL_MODE ?? (mode.sandbox ? 'sandbox' : 'none');
  if (chosen === 'none') return { withdrawals: { mode: 'none' }, problems };
  if (chosen === 'sandbox') {
    if (mode.production)
      problems.push(
        'WITHDRAWAL_MODE: "sandbox" marks withdrawals delivered on a timer and is not allowed in production (use manual or steam-bot)',
      );
    else if (!mode.sandbox) problems.push('WITHDRAWAL_MODE: "sandbox" needs SANDBOX_TOOLS');
    return { withdrawals: { mode: 'sandbox' }, problems };
  }
  if (chosen === 'manual') return { withdrawals: { mode: 'manual' }, problems };

  const need = (name: keyof WithdrawalEnv): string => {
    const value = env[name];
    if (typeof value === 'string' && value !== '') return value;
    problems.push(`${name}: required with WITHDRAWAL_MODE=steam-bot`);
    return '';
  };
  for (const [name, value] of [
    ['STEAM_BOT_WEB_API_URL', env.STEAM_BOT_WEB_API_URL],
    ['STEAM_BOT_COMMUNITY_URL', env.STEAM_BOT_COMMUNITY_URL],
  ] as const) {
    const problem = endpointProblem(name, value);
    if (problem) problems.push(problem);
  }
  let webCookies: string[] | null = null;
  if (env.STEAM_BOT_WEB_COOKIES) {
    // Only against a stub on this machine: a real bot logs in itself (and its cookies would expire).
    if (!isLoopback(env.STEAM_BOT_COMMUNITY_URL) || !isLoopback(env.STEAM_BOT_WEB_API_URL))
      problems.push(
        'STEAM_BOT_WEB_COOKIES: only for tests against a local stub (loopback STEAM_BOT_COMMUNITY_URL and STEAM_BOT_WEB_API_URL); the bot logs in itself',
      );
    else
      webCookies = env.STEAM_BOT_WEB_COOKIES.split(';')
        .map((c) => c.trim())
        .filter(Boolean);
  }
  // Against a stub the login is replaced by the cookies; everywhere else the bot logs in with these.
  const loginNeeded = webCookies === null;
  const accountName = loginNeeded ? need('STEAM_BOT_ACCOUNT_NAME') : (env.STEAM_BOT_ACCOUNT_NAME ?? 'stub');
  const password = loginNeeded ? need('STEAM_BOT_PASSWORD') : (env.STEAM_BOT_PASSWORD ?? 'stub');
  const sharedSecret = loginNeeded ? need('STEAM_BOT_SHARED_SECRET') : (env.STEAM_BOT_SHARED_SECRET ?? '');
  if (sharedSecret) {
    const p = secretProblem('STEAM_BOT_SHARED_SECRET', sharedSecret);
    if (p) problems.push(p);
  }
  const identitySecret = need('STEAM_BOT_IDENTITY_SECRET');
  if (identitySecret) {
    const p = secretProblem('STEAM_BOT_IDENTITY_SECRET', identitySecret);
    if (p) problems.push(p);
  }
  const apiKey = env.STEAM_BOT_API_KEY ?? null;
  if (apiKey !== null && !/^[0-9A-Fa-f]{32}$/.test(apiKey))
    problems.push('STEAM_BOT_API_KEY: 32 hexadecimal digits (https://steamcommunity.com/dev/apikey)');
  const stock = parseStock(env.STEAM_BOT_STOCK);
  if (typeof stock === 'string') problems.push(stock);
  return {
    withdrawals: {
      mode: 'steam-bot',
      accountName,
      password,
      sharedSecret,
      identitySecret,
      apiKey,
      pollMs: env.STEAM_BOT_POLL_MS,
      offerTtlMs: env.STEAM_BOT_OFFER_TTL_MINUTES * 60_000,
      stock: typeof stock === 'string' ? { kind: 'inventory' } : stock,
      webApiUrl: env.STEAM_BOT_WEB_API_URL.replace(/\/$/, ''),
      communityUrl: env.STEAM_BOT_COMMUNITY_URL.replace(/\/$/, ''),
      webCookies,
    },
    problems,
  };
}
