import { sql } from 'drizzle-orm';
import { queryRows, toInt } from '../platform/db/rows.js';
import { givenSession, givenUser } from './factories.js';
import { call } from './auth-helpers.js';
import type { TestApp } from './test-app.js';

/**
 * What the tests of screen 8 (promotions: Golden Codes, red packets and coupons, the VIP ladder, promoter
 * levels, the first-deposit rate) share. `app` is read at each call (beforeAll sets it).
 */
export function promotionsConsole(app: () => TestApp) {
  const db = () => app().database.db;

  let ipCounter = 0;
  /** A real-name-verified player on their own device and address (bonuses are once per device and identity). */
  async function player() {
    const user = await givenUser(db());
    await db().execute(sql`UPDATE users SET verified_at = now() WHERE id = ${user.id}`);
    const n = ++ipCounter + (process.pid % 200) * 1000;
    return {
      userId: user.id,
      token: await givenSession(db(), user.id),
      device: `promo-test-${process.pid}-${user.id}`,
      ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    };
  }
  type Player = Awaited<ReturnType<typeof player>>;

  async function redeem(p: Player, code: string) {
    const res = await app().app.inject({
      method: 'POST',
      url: '/api/redPacket/receive',
      headers: { token: p.token, 'device-id': p.device, 'content-type': 'application/json' },
      payload: JSON.stringify({ code }),
      remoteAddress: p.ip,
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return res.json() as { status: number; msg: string; data: any };
  }

  const balance = async (token: string) => (await call(app().app, 'GET', '/api/personalCenter/userInfo', {}, token)).data.balance as number;
  const auditCount = async () => toInt((await queryRows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM audit_log`))[0]?.n);
  const auditRows = (action: string) =>
    queryRows<{ operator_id: unknown; target_id: string | null; before: unknown; after: unknown }>(
      db(),
      sql`SELECT operator_id, target_id, before, after FROM audit_log WHERE action = ${action} ORDER BY id`,
    );
  const codeCount = async () => toInt((await queryRows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM golden_codes`))[0]?.n);

  let codeCounter = 0;
  const freshCode = () => `ADM${process.pid % 10_000}X${++codeCounter}${Date.now() % 100_000}`.slice(0, 32);

  return { db, P: '/api/admin/promotions', player, redeem, balance, auditCount, auditRows, codeCount, freshCode };
}
