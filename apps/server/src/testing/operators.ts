import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import type { AdminRole } from '@skinfair/contract';
import type { Db } from '../platform/db/client.js';
import { createOperator } from '../features/admin/service.js';

// Tests read whatever shape a call returns; the server already validated it against the contract.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = { status: number; msg: string; data: any };

export const OPERATOR_PASSWORD = 'operator-pass-0123';

/** A call to /api/admin/*, with the console's own token header (and a player `token` when asked). */
export async function adminCall(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  params: Record<string, unknown> = {},
  headers: { adminToken?: string; playerToken?: string; idempotencyKey?: string } = {},
): Promise<Json> {
  const h: Record<string, string> = {};
  if (headers.adminToken) h['admin-token'] = headers.adminToken;
  if (headers.idempotencyKey) h['idempotency-key'] = headers.idempotencyKey;
  if (headers.playerToken) h.token = headers.playerToken;
  if (method === 'GET') {
    const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
    return (await app.inject({ method, url: `${url}?${qs}`, headers: h })).json();
  }
  return (
    await app.inject({
      method,
      url,
      headers: { ...h, 'content-type': 'application/json' },
      payload: JSON.stringify(params),
    })
  ).json();
}

/** The code an authenticator app shows now (or `stepOffset` steps of 30 s later: the server accepts ±1). */
export const totpCode = (secret: string, stepOffset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + stepOffset * 30_000,
  });

let counter = 0;

/**
 * An operator who has logged in and enrolled two-factor through the console's own calls: `token` is a
 * whole session, `secret` the TOTP secret their "phone" holds.
 */
export async function givenOperator(app: FastifyInstance, db: Db, role: AdminRole = 'admin', name = `op${++counter}-${role}`) {
  const operator = await createOperator({ db }, { operatorId: null, ip: null }, { name, password: OPERATOR_PASSWORD, role });
  const login = await adminCall(app, 'POST', '/api/admin/login', { name, password: OPERATOR_PASSWORD });
  if (login.status !== 0) throw new Error(`login failed: ${login.msg}`);
  const secret = login.data.enrolment.secret as string;
  const verified = await adminCall(app, 'POST', '/api/admin/totp', { code: totpCode(secret) }, { adminToken: login.data.token });
  if (verified.status !== 0) throw new Error(`totp failed: ${verified.msg}`);
  return { id: operator.id, name, secret, token: login.data.token as string };
}

/** The token of an operator who logged in but has not enrolled two-factor yet (every console call refuses it). */
export async function pendingOperatorToken(app: FastifyInstance, db: Db, name: string): Promise<string> {
  await createOperator({ db }, { operatorId: null, ip: null }, { name, password: OPERATOR_PASSWORD, role: 'admin' });
  return (await adminCall(app, 'POST', '/api/admin/login', { name, password: OPERATOR_PASSWORD })).data.token as string;
}
