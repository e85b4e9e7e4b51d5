import type { AuthResult } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../platform/db/client.js';
import { createSession } from '../../platform/auth/index.js';
import { holdIfNewDevice, type UserRow } from '../users/index.js';

export interface RequestMeta {
  ip: string;
  userAgent?: string;
  deviceId?: string | null;
}

/**
 * Every way in (password, SMS, Steam) ends here, in the login's transaction. Issue 24 §2: a login from a
 * device and address never seen holds withdrawals; a sign-up is no such login.
 */
export async function startSession(
  ctx: Pick<AppContext, 'config'>,
  ex: Executor,
  user: UserRow,
  meta: RequestMeta,
  register = false,
): Promise<AuthResult> {
  if (!register) await holdIfNewDevice(ex, user, meta);
  const { token } = await createSession(ex, user.id, {
    ip: meta.ip,
    ...(meta.userAgent ? { userAgent: meta.userAgent } : {}),
    ...(meta.deviceId ? { deviceId: meta.deviceId } : {}),
    ttlDays: ctx.config.sessionTtlDays,
    idleDays: ctx.config.sessionIdleDays,
  });
  return { token, userId: user.id, register };
}
