import type { FastifyRequest } from 'fastify';
import type { ErrorCode } from '@skinfair/contract';

/**
 * What a request was refused with, for the metrics' response hook (issue 26 §12): the envelope's error code
 * (sendError marks every one) and, for load shedding, why. Weak maps: the marks go with the request.
 */
const codes = new WeakMap<FastifyRequest, ErrorCode>();
const shed = new WeakMap<FastifyRequest, ShedReason>();

export type ShedReason = 'pool' | 'event_loop';

export function markErrorCode(request: FastifyRequest, code: ErrorCode): void {
  codes.set(request, code);
}
export function errorCodeOf(request: FastifyRequest): ErrorCode | undefined {
  return codes.get(request);
}
export function markShed(request: FastifyRequest, reason: ShedReason): void {
  shed.set(request, reason);
}
export function shedReasonOf(request: FastifyRequest): ShedReason | undefined {
  return shed.get(request);
}
