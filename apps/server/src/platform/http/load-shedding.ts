import type { FastifyInstance } from 'fastify';
import underPressure from '@fastify/under-pressure';
import { AppError } from '../errors.js';
import { isApiPath } from './api-path.js';
import { markShed } from './refusal-marks.js';

export interface SheddingOptions {
  /** The database pool's state (PostgreSQL); absent on PGlite, which queues inside its one connection. */
  poolStats?: () => { waiting: number };
  /** Refuse new API calls while more than this many queries wait for a connection. */
  maxPoolWaiting: number;
  /** Refuse new API calls while the event loop lags more than this (ms); 0 never. */
  maxEventLoopDelayMs: number;
  /** How often the lag is sampled (ms). Default 1000. */
  sampleIntervalMs?: number;
}

/**
 * Load shedding (issue 10 §3): when this node is saturated, a new API call gets an immediate "服务暂时不可用，
 * 请稍后再试" (status 1008) instead of joining a queue it would time out in; calls already admitted
 * finish. Probes, static files and the live channel are never shed.
 */
export async function installLoadShedding(app: FastifyInstance, options: SheddingOptions): Promise<void> {
  if (options.maxEventLoopDelayMs > 0) await shedOnEventLoopLag(app, options.maxEventLoopDelayMs, options.sampleIntervalMs ?? 1_000);
  const stats = options.poolStats;
  if (!stats) return;
  app.addHook('onRequest', async (request) => {
    if (isApiPath(request.url) && stats().waiting > options.maxPoolWaiting) {
      markShed(request, 'pool');
      throw new AppError('DB_UNAVAILABLE', 'connection pool saturated');
    }
  });
}

async function shedOnEventLoopLag(app: FastifyInstance, maxEventLoopDelayMs: number, sampleIntervalMs: number): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    sampleInterval: sampleIntervalMs,
    exposeStatusRoute: false,
    // A rejected promise reaches the error handler (the envelope); anything else lets the request through.
    pressureHandler: async (request) => {
      if (!isApiPath(request.url)) return;
      markShed(request, 'event_loop');
      throw new AppError('DB_UNAVAILABLE', 'event loop overloaded');
    },
  });
}
