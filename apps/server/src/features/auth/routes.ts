import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import { z } from 'zod';
import {
  authResultSchema,
  certifyIdParams,
  certifyOptionsSchema,
  certifyParams,
  certifyResultSchema,
  certifyStartSchema,
  changePasswordParams,
  emptyParams,
  findPasswordParams,
  loginParams,
  revokeSessionParams,
  sessionInfoSchema,
  signUpParams,
  smsLoginParams,
  steamBindParams,
  steamBindStartSchema,
  steamExchangeParams,
  steamLoginParams,
  verifyParams,
} from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { isAppError } from '../../platform/errors.js';
import { playerRouter } from '../../platform/http/routers.js';
import { deviceIdOf } from '../../platform/http/device-id.js';
import { mergeParams } from '../../platform/http/params.js';
import { parseInput } from '../../platform/http/validate.js';
import * as auth from './service.js';
import * as steam from './steam.js';
import * as certify from './certify.js';

const A = '/api/auth';
const done = z.literal(true);
const meta = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
  deviceId: deviceIdOf(request),
});

export function authRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    await app.register(cookie);
    // Guessing passwords or codes costs a request; these caps come on top of the account throttles.
    const credentialLimit = { max: ctx.config.sensitiveRateLimitPerMinute, timeWindowMs: 60_000 };

    const signedIn = playerRouter(app, { auth: 'required' });
    const limited = playerRouter(app, { rateLimit: credentialLimit });
    const signedInLimited = playerRouter(app, { auth: 'required', rateLimit: credentialLimit });

    limited.post(`${A}/signUp`, signUpParams, authResultSchema, ({ params, request }) => auth.signUp(ctx, params, meta(request)));
    limited.post(`${A}/login`, loginParams, authResultSchema, ({ params, request }) => auth.login(ctx, params, meta(request)));
    limited.post(`${A}/smsLogin`, smsLoginParams, authResultSchema, ({ params, request }) => auth.smsLogin(ctx, params, meta(request)));
    signedIn.post(`${A}/logout`, emptyParams, done, ({ sessionId }) => auth.logout(ctx, sessionId));
    limited.post(`${A}/findPassword`, findPasswordParams, done, ({ params }) => auth.findPassword(ctx, params));
    signedInLimited.post(`${A}/changePassword`, changePasswordParams, done, ({ userId, sessionId, params }) =>
      auth.changePassword(ctx, userId, sessionId, params),
    );
    signedIn.get(`${A}/sessions`, emptyParams, z.array(sessionInfoSchema), ({ userId, sessionId }) =>
      auth.sessionsOf(ctx, userId, sessionId),
    );
    signedIn.post(`${A}/revokeSession`, revokeSessionParams, done, ({ userId, params }) =>
      auth.revokeOwnSession(ctx, userId, params.sessionId),
    );

    signedInLimited.post(`${A}/verify`, verifyParams, z.object({ verified: z.literal(true) }), ({ userId, params }) =>
      certify.verifyRealName(ctx, userId, params),
    );
    signedInLimited.post(`${A}/certify`, certifyParams, certifyStartSchema, ({ userId, params }) =>
      certify.startCertification(ctx, userId, params),
    );
    signedIn.get(`${A}/certifyOptions`, emptyParams, certifyOptionsSchema, async () => certify.certificationOptions(ctx));
    signedIn.get(`${A}/certifyResult`, certifyIdParams, certifyResultSchema, ({ userId, params }) =>
      certify.certificationResult(ctx, userId, params.certifyId),
    );
    // A browser navigation, not an XHR: answer with a redirect, refusals land on the personal page.
    app.get(`${A}/certifyRedirect`, async (request, reply) => {
      try {
        const { certifyId } = parseInput(certifyIdParams, mergeParams(request.query, undefined), request.lang);
        return reply.redirect(await certify.certificationRedirect(ctx, certifyId), 302);
      } catch {
        return reply.redirect('/personal?certifyError=1', 302);
      }
    });

    // apiRoute handlers see no reply: the bind's state cookie is set, and a spent login cookie cleared, as the answer goes out.
    const pendingState = new WeakMap<FastifyRequest, string>();
    const loginDone = new WeakSet<FastifyRequest>();
    app.addHook('onSend', async (request, reply) => {
      const state = pendingState.get(request);
      if (state && reply.statusCode === 200) setStateCookie(reply, state);
      if (loginDone.has(request)) reply.clearCookie(steam.LOGIN_COOKIE, { path: steam.LOGIN_COOKIE_PATH });
    });
    const secure = ctx.config.publicUrl.startsWith('https:');
    const setStateCookie = (reply: FastifyReply, state: string) =>
      reply.setCookie(steam.STATE_COOKIE, state, { path: '/api/auth', httpOnly: true, sameSite: 'lax', secure, maxAge: 600 });
    limited.post(`${A}/steamExchange`, steamExchangeParams, authResultSchema, async ({ params, request }) => {
      const result = await steam.exchangeSteamCode(ctx, params.code, request.cookies[steam.LOGIN_COOKIE], meta(request), params.clientSeed);
      loginDone.add(request);
      return result;
    });
    signedIn.post(`${A}/steamBind`, steamBindParams, steamBindStartSchema, async ({ userId, sessionId, params, request }) => {
      const { redirectUrl, state } = await steam.startSteamBind(ctx, userId, sessionId, params.callbackUrl);
      pendingState.set(request, state);
      return { redirectUrl };
    });
    app.get(`${A}/steamLogin`, async (request, reply) => {
      try {
        const params = parseInput(steamLoginParams, mergeParams(request.query, undefined), request.lang);
        const { redirectUrl, state, browserKey } = await steam.startSteamLogin(ctx, params);
        setStateCookie(reply, state);
        reply.setCookie(steam.LOGIN_COOKIE, browserKey, {
          path: steam.LOGIN_COOKIE_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure,
          maxAge: steam.LOGIN_COOKIE_MAX_AGE_S,
        });
        return reply.redirect(redirectUrl, 302);
      } catch (err) {
        return reply.redirect(steamError(err), 302);
      }
    });
    app.get(`${A}/steamReturn`, async (request, reply) => {
      try {
        const query = mergeParams(request.query, undefined) as Record<string, string>;
        const target = await steam.finishSteamLogin(ctx, query, request.cookies[steam.STATE_COOKIE]);
        reply.clearCookie(steam.STATE_COOKIE, { path: '/api/auth' });
        return reply.redirect(target, 302);
      } catch (err) {
        request.log.warn({ err: isAppError(err) ? err.message : String(err) }, 'steam login refused');
        return reply.redirect(steamError(err), 302);
      }
    });
  };
}

/**
 * The callback page gets a catalogue code, never text: the page looks the words up itself, so nobody can
 * make our domain show their words in a red alert (issue 24 §6).
 */
function steamError(err: unknown): string {
  const code = isAppError(err) ? err.code : 'STEAM_LOGIN_FAILED';
  return `/login/steamCallback?error=${encodeURIComponent(code)}`;
}
