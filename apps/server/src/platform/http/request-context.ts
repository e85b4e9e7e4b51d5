import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { langFromHeader, type Lang } from '@skinfair/contract';
import type { Db } from '../db/client.js';
import { resolveSession } from '../auth/sessions.js';
import type { SessionCache } from '../auth/session-cache.js';
import { acquireOrRefuseSlowly, type TokenLimiter } from './user-limits.js';
import { isApiPath } from './api-path.js';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
    userId: number | null;
    sessionId: number | null;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** A caller-supplied X-Request-Id is kept when it is sane, so logs can be joined across hops. */
export function genReqId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Reads the `lang` and `token` headers of spec §7 into the request, and logs each finished request. */
export function installRequestContext(
  app: FastifyInstance,
  db: Db,
  limits?: { tokenLimiter: TokenLimiter; refusalDelayMs: number },
  sessions?: SessionCache,
): void {
  app.decorateRequest('lang', 'zh');
  app.decorateRequest('userId', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    request.lang = langFromHeader(request.headers.lang as string | undefined);
    const token = request.headers.token;
    if (typeof token === 'string' && token.length > 0 && isApiPath(request.url)) {
      // No real token is longer; a longer one is nobody's and costs no lookup.
      if (token.length > 128) return;
      // One token's flood is refused here, before it costs a session query (issue 10 §3).
      if (limits) (await acquireOrRefuseSlowly(() => limits.tokenLimiter.acquire(token), limits.refusalDelayMs))();
      const session = await resolveSession(db, token, sessions);
      if (session) {
        request.userId = session.userId;
        request.sessionId = session.sessionId;
      }
    }
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url.split('?')[0],
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        userId: request.userId,
        referer: request.headers['x-referer'],
      },
      'request',
    );
  });
}
