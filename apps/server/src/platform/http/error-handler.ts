import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorMessage, errorStatus, langFromHeader, type ErrorCode } from '@skinfair/contract';
import { isAppError } from '../errors.js';
import { isConnectionError, isDatabaseBusy } from '../db/pg-errors.js';
import { ParamError } from './validate.js';
import { fail } from './envelope.js';
import { markErrorCode } from './refusal-marks.js';

/** Fastify's own refusals, mapped to catalogue codes so the client always gets Chinese text. */
function codeForFastifyError(err: FastifyError): ErrorCode | null {
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413) return 'PAYLOAD_TOO_LARGE';
  if (err.statusCode === 429) return 'RATE_LIMITED';
  if (err.statusCode === 408) return 'REQUEST_TIMEOUT';
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return 'PARAM_INVALID';
  return null;
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  options: { msg?: string; httpStatus?: number } = {},
) {
  const lang = langFromHeader(request.headers.lang as string | undefined);
  // HTTP 401 only for "not logged in" (design §2); every other refusal is HTTP 200 with the envelope.
  const httpStatus = options.httpStatus ?? (code === 'NOT_LOGGED_IN' ? 401 : 200);
  markErrorCode(request, code);
  return reply.status(httpStatus).send(fail(errorStatus(code), options.msg ?? errorMessage(code, lang)));
}

/** One handler turns every error into the envelope; unknown errors are logged, never shown. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof ParamError) return sendError(request, reply, 'PARAM_INVALID', { msg: err.userMessage });
    if (isAppError(err)) {
      if (err.detail) request.log.debug({ code: err.code, detail: err.detail }, 'refused');
      return sendError(request, reply, err.code, err.messages ? { msg: err.messages[request.lang === 'en' ? 'en' : 'zh'] } : {});
    }
    const fastifyCode = codeForFastifyError(err);
    if (fastifyCode) {
      request.log.info({ err: { code: err.code, message: err.message } }, 'request refused');
      return sendError(request, reply, fastifyCode);
    }
    if (isConnectionError(err)) {
      request.log.error({ err }, 'database unavailable');
      return sendError(request, reply, 'DB_UNAVAILABLE');
    }
    // A statement or lock timeout: the same "busy, retry" answer (the web client retries 1008 by itself).
    if (isDatabaseBusy(err)) {
      request.log.warn({ err }, 'database busy: a statement or lock timed out');
      return sendError(request, reply, 'DB_UNAVAILABLE');
    }
    request.log.error({ err }, 'unhandled error');
    return sendError(request, reply, 'INTERNAL');
  });
}
