import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Counter, type Registry } from 'prom-client';
import { clientErrorKinds, clientErrorParams } from '@skinfair/contract';
import { playerRouter } from './http/routers.js';

/** Reports per address a minute: a page that keeps failing sends a few (the reporter throttles), never a flood. */
export const CLIENT_ERROR_REPORTS_PER_MINUTE = 20;
/** A report is a few KiB (the schema's bounds); the rest of the 64 KiB default is never needed. */
const REPORT_BODY_LIMIT = 8 * 1024;

/**
 * POST /api/client/reportError (issue 27 §10): a player's browser reports an uncaught error, a rejected
 * promise or a page that failed to render. Each report is one warn line in the server's log, with the
 * request id, the player if signed in, the web release and the page, and one step of
 * skinfair_client_errors_total{kind}, so an operator sees what players hit and since which release.
 * Nothing is stored: the log is where errors are read (docs/OPERATIONS.md).
 */
export function clientErrorRoutes(deps: { registry: Registry }) {
  return async (app: FastifyInstance) => {
    const reports = new Counter({
      name: 'skinfair_client_errors_total',
      help: 'Errors players’ browsers reported, by kind (error, unhandledrejection, boundary, route)',
      labelNames: ['kind'] as const,
      registers: [deps.registry],
    });
    // Every kind present from the start, so rate() sees the first report.
    for (const kind of clientErrorKinds) reports.inc({ kind }, 0);
    playerRouter(app).post(
      '/api/client/reportError',
      clientErrorParams,
      z.boolean(),
      async ({ params, request, userId }) => {
        reports.inc({ kind: params.kind }, 1 + params.repeats);
        request.log.warn(
          {
            clientError: { ...params, userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300) },
            userId,
          },
          'client error reported',
        );
        return true;
      },
      { rateLimit: { max: CLIENT_ERROR_REPORTS_PER_MINUTE, timeWindowMs: 60_000 }, bodyLimit: REPORT_BODY_LIMIT },
    );
  };
}
