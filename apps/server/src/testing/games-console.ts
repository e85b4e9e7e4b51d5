import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, toInt } from '../platform/db/rows.js';
import { getBalances } from '../platform/ledger/index.js';
import { givenSession, givenUser } from './factories.js';
import { call } from './auth-helpers.js';
import { adminCall, givenOperator } from './operators.js';
import type { TestApp } from './test-app.js';

/**
 * What the tests of screen 9 (games: battles, giveaways, dream, bots) share: operators, verified players,
 * audit rows, a battle to create and join, shop stock lines. `app` is read at each call (beforeAll sets it).
 */
export function gamesConsole(app: () => TestApp, name: string) {
  const db = () => app().database.db;
  const BOX = 1;

  type Op = Awaited<ReturnType<typeof givenOperator>>;
  let opsCounter = 0;
  const operations = () => givenOperator(app().app, db(), 'operations', `${name}-ops-${++opsCounter}`);
  const as = (op: Op, method: 'GET' | 'POST', url: string, params: Record<string, unknown> = {}) =>
    adminCall(app().app, method, url, params, { adminToken: op.token });

  async function player(coinsFen = 0, pointsFen = 0) {
    const user = await givenUser(db(), { coinsFen, pointsFen });
    await db().execute(sql`UPDATE users SET verified_at = now() WHERE id = ${user.id}`);
    return { id: user.id, token: await givenSession(db(), user.id) };
  }
  type Player = Awaited<ReturnType<typeof player>>;

  const auditRows = async (action?: string) =>
    queryRows<{
      action: string;
      target_id: string | null;
      before: unknown;
      after: unknown;
      operator_id: unknown;
    }>(
      db(),
      action
        ? sql`SELECT action, target_id, before, after, operator_id FROM audit_log WHERE action = ${action} ORDER BY id`
        : sql`SELECT action, target_id, before, after, operator_id FROM audit_log ORDER BY id`,
    );
  const auditCount = async () => (await auditRows()).length;
  const boxPrice = async () => (await call(app().app, 'GET', '/api/case/caseDetail', { caseId: BOX })).data.openPrice as number;
  const wallet = async (p: Player) => {
    const b = await getBalances(db(), p.id);
    return { coins: b.coinFen, points: b.pointFen };
  };
  const createBattle = async (p: Player, seats = 3) => {
    const res = await call(app().app, 'POST', '/api/battle/create', { boxLists: `${BOX}`, countCustomer: seats, mode: 0 }, p.token);
    expect(res.status).toBe(0);
    return { code: res.data.battleCode as string, id: res.data.id as number };
  };
  const joinBattle = (p: Player, code: string) => call(app().app, 'POST', '/api/battle/joinBattle', { battleCode: code }, p.token);

  async function stockLine(minStock = 3): Promise<{ id: number; stock: number }> {
    const [row] = await queryRows<{ id: unknown; stock: unknown }>(
      db(),
      sql`SELECT id, stock FROM shop_stock WHERE stock >= ${minStock} ORDER BY id DESC LIMIT 1`,
    );
    return { id: toInt(row!.id), stock: toInt(row!.stock) };
  }
  const stockOf = async (id: number) =>
    toInt((await queryRows<{ stock: unknown }>(db(), sql`SELECT stock FROM shop_stock WHERE id = ${id}`))[0]?.stock);
  const roomCount = async () => toInt((await queryRows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM giveaways`))[0]?.n);
  const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

  return {
    db,
    BOX,
    A: '/api/admin/games',
    operations,
    as,
    player,
    auditRows,
    auditCount,
    boxPrice,
    wallet,
    createBattle,
    joinBattle,
    stockLine,
    stockOf,
    roomCount,
    inMinutes,
  };
}
