import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AuthResult } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { queryRows } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { AppError } from '../../platform/errors.js';
import { consumeTicket, isSessionLive, issueTicket } from '../../platform/auth/index.js';
import { pgConstraint, pgErrorCode } from '../../platform/db/pg-errors.js';
import { createUser, findUser, findUserByInvitationCode, findUserBySteamId, updateUser } from '../users/index.js';
import { sendMessage } from '../messages/index.js';
import { welcomeMessage } from './welcome.js';
import { safeCallbackPath } from './callback-path.js';
import { startSession, type RequestMeta } from './start-session.js';
import { recordInvitation } from '../promotion/index.js';
import { setMissingClientSeed } from '../fairness/index.js';

type Ctx = Pick<AppContext, 'db' | 'config' | 'steam'>;

const OPENID_NS = 'http://specs.openid.net/auth/2.0';
const IDENTIFIER_SELECT = 'http://specs.openid.net/auth/2.0/identifier_select';
/** security.md: the claimed id must be a Steam community id, whatever endpoint is configured. */
const STEAM_CLAIMED_ID = /^https:\/\/steamcommunity\.com\/openid\/id\/(7656119\d{10})$/;
const MUST_BE_SIGNED = ['op_endpoint', 'claimed_id', 'identity', 'return_to', 'response_nonce'];
const NONCE_WINDOW_MS = 5 * 60_000;
export const STATE_COOKIE = 'sf_openid_state';
const STATE_TTL_S = 600;
const EXCHANGE_TTL_S = 120;
/**
 * Binds a login's exchange code to the browser that started it (issue 24 §5): set at steamLogin, sent
 * only to steamExchange, and outliving the round trip (state) plus the code's own life.
 */
export const LOGIN_COOKIE = 'sf_steam_login';
export const LOGIN_COOKIE_PATH = '/api/auth/steamExchange';
export const LOGIN_COOKIE_MAX_AGE_S = STATE_TTL_S + EXCHANGE_TTL_S;
const browserKeyHash = (key: string) => createHash('sha256').update(key).digest('base64url');

export interface SteamStart {
  callbackUrl: string;
  promoteCode?: string | undefined;
  channelCode?: string | undefined;
  adult?: boolean;
}

const returnToFor = (ctx: Ctx, state: string) => `${ctx.config.publicUrl}/api/auth/steamReturn?state=${encodeURIComponent(state)}`;

async function redirectToProvider(ctx: Ctx, payload: StatePayload): Promise<{ redirectUrl: string; state: string }> {
  const state = await issueTicket(ctx.db, { kind: 'steam_state', ttlSeconds: STATE_TTL_S, payload: { ...payload } });
  const query = new URLSearchParams({
    'openid.ns': OPENID_NS,
    'openid.mode': 'checkid_setup',
    'openid.return_to': returnToFor(ctx, state),
    'openid.realm': ctx.config.publicUrl,
    'openid.identity': IDENTIFIER_SELECT,
    'openid.claimed_id': IDENTIFIER_SELECT,
  });
  return { redirectUrl: `${ctx.steam.endpoint}?${query}`, state };
}

/**
 * Step 1 of a login: remember the round trip in a state ticket (also set as a cookie), go to Steam. The
 * browser key (the login cookie) is new per login; the tickets keep only its hash.
 */
export async function startSteamLogin(ctx: Ctx, input: SteamStart): Promise<{ redirectUrl: string; state: string; browserKey: string }> {
  const browserKey = randomBytes(32).toString('base64url');
  const started = await redirectToProvider(ctx, {
    callbackUrl: safeCallbackPath(input.callbackUrl, ctx.config.publicUrl),
    promoteCode: input.promoteCode ?? null,
    channelCode: input.channelCode ?? null,
    bindUserId: null,
    bindSessionId: null,
    adult: input.adult === true,
    browserKeyHash: browserKeyHash(browserKey),
  });
  return { ...started, browserKey };
}

/**
 * Step 1 of linking Steam to an account: only from that account's logged-in session (an authenticated
 * POST a link cannot forge). The state remembers the session, and the state cookie goes to this browser
 * only, so a victim who follows an attacker's Steam URL returns without it and nothing is linked.
 */
export function startSteamBind(ctx: Ctx, userId: number, sessionId: number, callbackUrl: string) {
  return redirectToProvider(ctx, {
    callbackUrl: safeCallbackPath(callbackUrl, ctx.config.publicUrl),
    promoteCode: null,
    channelCode: null,
    bindUserId: userId,
    bindSessionId: sessionId,
    adult: false,
    browserKeyHash: null,
  });
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function nonceFresh(nonce: string): boolean {
  const stamp = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)/.exec(nonce)?.[1];
  return stamp !== undefined && Math.abs(Date.now() - Date.parse(stamp)) <= NONCE_WINDOW_MS;
}

/** Everything the assertion must satisfy before we even ask the provider (security.md "Steam OpenID"). */
function checkAssertionShape(ctx: Ctx, q: Record<string, string>, state: string): string {
  if (q['openid.mode'] !== 'id_res' || q['openid.ns'] !== OPENID_NS) throw new AppError('STEAM_LOGIN_FAILED', 'mode');
  if (q['openid.op_endpoint'] !== ctx.steam.endpoint) throw new AppError('STEAM_LOGIN_FAILED', 'op_endpoint');
  const claimed = q['openid.claimed_id'] ?? '';
  const steamId = STEAM_CLAIMED_ID.exec(claimed)?.[1];
  if (!steamId || q['openid.identity'] !== claimed) throw new AppError('STEAM_LOGIN_FAILED', 'claimed_id');
  if (q['openid.return_to'] !== returnToFor(ctx, state)) throw new AppError('STEAM_LOGIN_FAILED', 'return_to');
  const signed = (q['openid.signed'] ?? '').split(',');
  if (!MUST_BE_SIGNED.every((f) => signed.includes(f))) throw new AppError('STEAM_LOGIN_FAILED', 'signed fields');
  if (!nonceFresh(q['openid.response_nonce'] ?? '')) throw new AppError('STEAM_LOGIN_FAILED', 'stale nonce');
  return steamId;
}

async function acceptNonceOnce(ctx: Ctx, nonce: string): Promise<void> {
  const rows = await queryRows(ctx.db, sql`INSERT INTO openid_nonces (nonce) VALUES (${nonce}) ON CONFLICT DO NOTHING RETURNING nonce`);
  if (rows.length === 0) throw new AppError('STEAM_LOGIN_FAILED', 'replayed nonce');
}

interface StatePayload {
  callbackUrl: string;
  promoteCode: string | null;
  channelCode: string | null;
  bindUserId: number | null;
  /** The session that started a link; it must still be live when Steam answers. */
  bindSessionId: number | null;
  adult: boolean;
  /** A login's browser key hash, carried into the exchange ticket; null for a bind (session-bound). */
  browserKeyHash: string | null;
}

/** Step 2: verify the provider's answer, then log in, create or link the account. */
export async function finishSteamLogin(ctx: Ctx, query: Record<string, string>, cookieState: string | undefined) {
  const state = query.state ?? '';
  if (!cookieState || !sameText(state, cookieState)) throw new AppError('STEAM_LOGIN_FAILED', 'state cookie');
  const ticket = await consumeTicket(ctx.db, 'steam_state', state);
  if (!ticket) throw new AppError('STEAM_LOGIN_FAILED', 'state ticket');
  const payload = ticket.payload as unknown as StatePayload;
  const steamId = checkAssertionShape(ctx, query, state);
  await acceptNonceOnce(ctx, query['openid.response_nonce']!);
  const openid = Object.fromEntries(Object.entries(query).filter(([k]) => k.startsWith('openid.')));
  const valid = await ctx.steam.checkAuthentication(openid).catch(() => false);
  if (!valid) throw new AppError('STEAM_LOGIN_FAILED', 'check_authentication');
  if (payload.bindUserId) return bindSteam(ctx, steamId, payload);
  const { userId, register } = await resolveSteamUser(ctx, steamId, payload);
  const code = await issueTicket(ctx.db, {
    kind: 'steam_exchange',
    userId,
    payload: { register, browserKeyHash: payload.browserKeyHash },
    ttlSeconds: EXCHANGE_TTL_S,
  });
  const params = { redirectUrl: payload.callbackUrl, promoteCode: payload.promoteCode, channelCode: payload.channelCode };
  return `/login/steamCallback?code=${encodeURIComponent(code)}&params=${encodeURIComponent(JSON.stringify(params))}`;
}

/** Links the Steam account and goes back to the page that asked; the browser keeps its session. */
async function bindSteam(ctx: Ctx, steamId: string, payload: StatePayload): Promise<string> {
  const userId = payload.bindUserId!;
  if (!payload.bindSessionId || !(await isSessionLive(ctx.db, payload.bindSessionId, userId))) {
    throw new AppError('STEAM_LOGIN_FAILED', 'bind session ended');
  }
  const owner = await findUserBySteamId(ctx.db, steamId);
  if (owner && owner.id !== userId) throw new AppError('STEAM_BOUND_ELSEWHERE');
  try {
    await updateUser(ctx.db, userId, { steamId });
  } catch (err) {
    if (pgErrorCode(err) === '23505' && pgConstraint(err) === 'users_steam_id') throw new AppError('STEAM_BOUND_ELSEWHERE');
    throw err;
  }
  // The flag goes into the query, before any hash ("/personal#steam" → "/personal?steamBound=1#steam").
  const back = new URL(payload.callbackUrl, ctx.config.publicUrl);
  return `${back.pathname}${back.search ? `${back.search}&` : '?'}steamBound=1${back.hash}`;
}

async function resolveSteamUser(ctx: Ctx, steamId: string, payload: StatePayload): Promise<{ userId: number; register: boolean }> {
  const owner = await findUserBySteamId(ctx.db, steamId);
  if (owner) {
    if (owner.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
    return { userId: owner.id, register: false };
  }
  // A new account needs the same 18+ and terms confirmation as a sign-up by phone.
  if (!payload.adult) throw new AppError('ADULT_REQUIRED');
  const inviter = payload.promoteCode ? await findUserByInvitationCode(ctx.db, payload.promoteCode) : null;
  const user = await runInTransaction(ctx.db, async ({ tx }) => {
    const created = await createUser(tx, {
      nickname: `Steam玩家${steamId.slice(-4)}`,
      steamId,
      inviterId: inviter?.id ?? null,
      promoteCode: payload.promoteCode,
      channelCode: payload.channelCode,
    });
    await sendMessage(tx, created.id, await welcomeMessage(tx, created.nickname));
    if (inviter) await recordInvitation(tx, inviter.id);
    return created;
  });
  return { userId: user.id, register: true };
}

/**
 * Step 3: the callback page trades its one-time code for a session token (never in the URL), only in the
 * browser that started the login: a code mailed to a victim would log them into the sender's account
 * (login CSRF). A code spent without the right browser key is burned all the same, so a leaked link
 * cannot be tried again.
 */
export async function exchangeSteamCode(
  ctx: Ctx,
  code: string,
  browserKey: string | undefined,
  meta: RequestMeta,
  /** The browser's client seed, for an active seed pair that has none yet (issue 24 §13). */
  clientSeed?: string,
): Promise<AuthResult> {
  const ticket = await consumeTicket(ctx.db, 'steam_exchange', code);
  if (!ticket?.userId) throw new AppError('STEAM_LOGIN_FAILED', 'exchange code');
  const expected = ticket.payload.browserKeyHash;
  if (!browserKey || typeof expected !== 'string' || !sameText(browserKeyHash(browserKey), expected)) {
    throw new AppError('STEAM_LOGIN_OTHER_BROWSER', 'browser key');
  }
  const user = await findUser(ctx.db, ticket.userId);
  if (!user || user.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
  if (clientSeed) await setMissingClientSeed(ctx.db, user.id, clientSeed);
  const register = ticket.payload.register === true;
  return runInTransaction(ctx.db, ({ tx }) => startSession(ctx, tx, user, meta, register));
}
