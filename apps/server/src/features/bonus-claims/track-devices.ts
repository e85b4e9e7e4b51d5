import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { deviceIdOf } from '../../platform/http/device-id.js';
import { rememberDevice } from './claims.js';

const REMEMBER_EVERY_MS = 10 * 60_000;
const MAX_REMEMBERED = 50_000;

/**
 * Records which device each logged-in call comes from, so an inviter and an invitee who share one are
 * seen even when only one of them ever claims anything. One write per account and device every ten
 * minutes per node, not one per call.
 */
export function trackDevices(app: FastifyInstance, db: Db): void {
  const recent = new Map<string, number>();
  app.addHook('preHandler', async (request) => {
    if (request.userId === null) return;
    const deviceId = deviceIdOf(request);
    if (!deviceId) return;
    const key = `${request.userId}:${deviceId}`;
    const now = Date.now();
    if ((recent.get(key) ?? 0) > now - REMEMBER_EVERY_MS) return;
    if (recent.size >= MAX_REMEMBERED) recent.clear();
    recent.set(key, now);
    try {
      await rememberDevice(db, request.userId, deviceId);
    } catch (err) {
      recent.delete(key);
      request.log.warn({ err }, 'device not recorded');
    }
  });
}
