import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { apiRoute, type ConsoleRouteDef, type OperatorRule } from '../../platform/http/route.js';

type OldConsoleRouteDef<S extends z.ZodType, R> = Omit<ConsoleRouteDef<S, R>, 'operator' | 'idempotent'> &
  OperatorRule & { idempotent?: true };

/**
 * Transitional (issue 25): the old console route shape on the one pipeline, for the folders not yet moved
 * into their features. Call `apiRoute` with `operator` instead; this file goes with its last caller.
 */
export const adminRoute = <S extends z.ZodType, R>(
  app: FastifyInstance,
  db: Db,
  { permission, allowPending, allowPasswordDue, idempotent, ...def }: OldConsoleRouteDef<S, R>,
) => apiRoute(app, { ...def, operator: { permission, allowPending, allowPasswordDue }, ...(idempotent ? { idempotent: { db } } : {}) });
