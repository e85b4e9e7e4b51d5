import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '@skinfair/contract';
import { isAppError } from '../../platform/errors.js';
import { sendError } from '../../platform/http/error-handler.js';

/**
 * The webhook's error handler. A provider reads any 2xx as "received" (WeChat Pay does), so a refusal made
 * before or outside the handler's own answers (the rate limit, load shedding, a body over the limit, a
 * database fault) must not be HTTP 200 as elsewhere (decisions/0003): the notice would be dropped and the
 * deposit wait for reconciliation. The envelope stays; the status tells the provider to send it again.
 */
export function callbackRefusal(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const [code, httpStatus]: [ErrorCode, number] =
    err.statusCode === 429
      ? ['RATE_LIMITED', 429]
      : err.statusCode === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? ['PAYLOAD_TOO_LARGE', 413]
        : isAppError(err)
          ? [err.code, 503]
          : ['INTERNAL', 503];
  if (code === 'INTERNAL') request.log.error({ err }, 'payment callback failed');
  else request.log.warn({ err: { code: err.code, message: err.message } }, 'payment callback refused');
  return sendError(request, reply, code, { httpStatus });
}
