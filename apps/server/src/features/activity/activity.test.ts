import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../testing/factories.js';
import { call } from '../../testing/auth-helpers.js';
import { deposit } from '../../testing/payment-helpers.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { beijingDayOf } from '../../platform/db/beijing-day.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const BOX = 1;

async function player(coinsFen = 0) {
  const user = await givenUser(db(), { coinsFen });
  return { userId: user.id, token: await givenSession(db(), user.id) };
}
type Player = Awaited<ReturnType<typeof player>>;

async function open(p: Player, number: number) {
  const res = await call(t.app, 'POST', '/api/case/openCase', { caseId: BOX, number }, p.token);
  expect(res.status).toBe(0);
  return {
    paidFen: res.data.amountPaid as number,
    items: (res.data.results as Array<{ voucherId: number; recoveryPrice: number }>).map((r) => ({
      id: r.voucherId,
      priceFen: r.recoveryPrice,
    })),
  };
}
const swap = (p: Player, ids: number[]) => call(t.app, 'POST', '/api/personalCenter/exchangeQuantity', { ids: ids.join(',') }, p.token);
const session = async (p: Player) => {
  const res = await call(t.app, 'GET', '/api/activity/session', {}, p.token);
  expect(res.status).toBe(0);
  return res.data;
};

/** Moves the player's login sessions `minutes` into the past: the play session began that long ago. */
const ageSessions = (p: Player, minutes: number) =>
  db().execute(sql`UPDATE sessions SET created_at = created_at - make_interval(mins => ${minutes}) WHERE user_id = ${p.userId}`);

/** The ledger's own sums of the player's legs under `codes`: + into the player, − out of them. */
async function ledgerSum(p: Player, codes: string[]): Promise<number> {
  const [row] = await queryRows<{ fen: unknown }>(
    db(),
    sql`SELECT coalesce(sum(CASE WHEN c.user_id = ${p.userId} THEN t.amount_fen ELSE 0 END), 0)
             - coalesce(sum(CASE WHEN d.user_id = ${p.userId} THEN t.amount_fen ELSE 0 END), 0) AS fen
        FROM ledger_transfers t JOIN ledger_accounts c ON c.id = t.credit_account_id JOIN ledger_accounts d ON d.id = t.debit_account_id
        WHERE (c.user_id = ${p.userId} OR d.user_id = ${p.userId}) AND t.code IN (${sql.join(
          codes.map((c) => sql`${c}`),
          sql`, `,
        )})`,
  );
  return toInt(row?.fen);
}

describe('reality check setting (/api/activity/realityCheck)', () => {
  it('is off until the player chooses an interval, and keeps the choice', async () => {
    const p = await player();
    expect((await call(t.app, 'GET', '/api/activity/realityCheck', {}, p.token)).data).toEqual({
      intervalMinutes: 0,
    });
    expect(await call(t.app, 'POST', '/api/activity/realityCheck', { intervalMinutes: 45 }, p.token)).toMatchObject({
      status: 0,
      data: { intervalMinutes: 45 },
    });
    expect((await call(t.app, 'GET', '/api/activity/realityCheck', {}, p.token)).data).toEqual({
      intervalMinutes: 45,
    });
    expect((await call(t.app, 'POST', '/api/activity/realityCheck', { intervalMinutes: '0' }, p.token)).data).toEqual({
      intervalMinutes: 0,
    });
    expect((await call(t.app, 'GET', '/api/activity/realityCheck', {}, p.token)).data).toEqual({
      intervalMinutes: 0,
    });
  });

  it('refuses intervals outside the list, in Chinese, and writes nothing', async () => {
    const p = await player();
    for (const intervalMinutes of [1, 20, 121, -15, 'x', 1.5, null]) {
      const res = await call(t.app, 'POST', '/api/activity/realityCheck', { intervalMinutes }, p.token);
      expect(res.status).toBe(1001);
      expect(res.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    const [row] = await queryRows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM reality_check_settings WHERE user_id = ${p.userId}`);
    expect(toInt(row?.n)).toBe(0);
  });

  it('needs a login', async () => {
    for (const url of ['/api/activity/realityCheck', '/api/activity/session', '/api/activity/summary']) {
      expect((await call(t.app, 'GET', url)).status).toBe(401);
    }
    expect((await call(t.app, 'POST', '/api/activity/realityCheck', { intervalMinutes: 15 })).status).toBe(401);
  });
});

describe('play session (/api/activity/session)', () => {
  it('times the session from the login and says when the next check is due', async () => {
    const p = await player();
    const fresh = await session(p);
    expect(fresh).toMatchObject({
      intervalMinutes: 0,
      checksDue: 0,
      nextCheckAt: null,
      stakesFen: 0,
      returnsFen: 0,
      netResultFen: 0,
    });
    expect(fresh.elapsedSeconds).toBeLessThan(60);

    await call(t.app, 'POST', '/api/activity/realityCheck', { intervalMinutes: 30 }, p.token);
    await ageSessions(p, 70);
    const later = await session(p);
    expect(later.elapsedSeconds).toBeGreaterThanOrEqual(70 * 60);
    expect(later.checksDue).toBe(2);
    expect(Date.parse(later.nextCheckAt) - Date.parse(later.sessionStart)).toBe(90 * 60_000);
    expect(Math.floor((Date.parse(later.serverTime) - Date.parse(later.sessionStart)) / 1000)).toBe(later.elapsedSeconds);
  });

  it('nets stakes against swaps back since the login, leaving deposits and play before the login out', async () => {
    const p = await player(1_000_000);
    await open(p, 1); // before this login: not in the session
    const before = await open(p, 2);
    await swap(
      p,
      before.items.map((i) => i.id),
    );
    // A new login starts a new play session.
    await db().execute(sql`UPDATE sessions SET created_at = now() - interval '1 minute' WHERE user_id = ${p.userId}`);
    const token = await givenSession(db(), p.userId);
    const now = { ...p, token };
    expect(await session(now)).toMatchObject({ stakesFen: 0, returnsFen: 0, netResultFen: 0 });

    await deposit(t, token, 50_000);
    expect(await session(now)).toMatchObject({ stakesFen: 0, returnsFen: 0, netResultFen: 0 });

    const opened = await open(now, 3);
    const kept = opened.items[0]!;
    const swapped = opened.items.slice(1);
    expect(
      (
        await swap(
          now,
          swapped.map((i) => i.id),
        )
      ).status,
    ).toBe(0);
    const returnsFen = swapped.reduce((n, i) => n + i.priceFen, 0);
    expect(kept.priceFen).toBeGreaterThan(0);
    expect(await session(now)).toMatchObject({
      stakesFen: opened.paidFen,
      returnsFen,
      netResultFen: returnsFen - opened.paidFen,
    });
    await expectBooksBalanced(db());
  });
});

describe('my activity (/api/activity/summary)', () => {
  it('sums deposits, stakes and returns per Beijing day and month exactly as the ledger does', async () => {
    const p = await player(500_000);
    await deposit(t, p.token, 20_000);
    await deposit(t, p.token, 30_000);
    const a = await open(p, 2);
    const b = await open(p, 1);
    await swap(
      p,
      [...a.items, ...b.items].map((i) => i.id),
    );

    const deposits = await ledgerSum(p, ['deposit']);
    const stakes = -(await ledgerSum(p, ['case_open', 'battle_stake', 'dream_fee', 'shop_buy', 'virtual_buy', 'battle_refund']));
    const returns = await ledgerSum(p, ['item_exchange', 'battle_win']);
    expect(deposits).toBe(50_000);
    expect(stakes).toBe(a.paidFen + b.paidFen);
    expect(returns).toBe([...a.items, ...b.items].reduce((n, i) => n + i.priceFen, 0));
    const expected = {
      depositsFen: deposits,
      stakesFen: stakes,
      returnsFen: returns,
      netResultFen: returns - stakes,
    };

    const days = await call(t.app, 'GET', '/api/activity/summary', { period: 'day', days: 30 }, p.token);
    expect(days.status).toBe(0);
    expect(days.data.buckets).toHaveLength(30);
    expect(days.data.buckets.at(-1)).toEqual({ key: beijingDayOf(new Date()), ...expected });
    expect(days.data.totals).toEqual(expected);
    expect(
      days.data.buckets.slice(0, -1).every((x: Record<string, number>) => x.depositsFen === 0 && x.stakesFen === 0 && x.returnsFen === 0),
    ).toBe(true);

    const months = await call(t.app, 'GET', '/api/activity/summary', { period: 'month' }, p.token);
    expect(months.data.buckets).toHaveLength(12);
    expect(months.data.buckets.at(-1)).toEqual({ key: beijingDayOf(new Date()).slice(0, 7), ...expected });
    expect(months.data.totals).toEqual(expected);
    expect(months.data.buckets.map((x: { key: string }) => x.key)).toEqual(
      [...months.data.buckets.map((x: { key: string }) => x.key)].sort(),
    );
  });

  it("puts older movements in their own day and month, and never shows another player's", async () => {
    const p = await player(100_000);
    const other = await player(100_000);
    await open(other, 3);
    const opened = await open(p, 1);
    // Move the opening 40 days back: outside a 30-day view, inside a 90-day and the 12-month view.
    await db().execute(sql`UPDATE ledger_transfers SET created_at = now() - interval '40 days'
      WHERE code = 'case_open' AND debit_account_id IN (SELECT id FROM ledger_accounts WHERE user_id = ${p.userId})`);
    const month = await call(t.app, 'GET', '/api/activity/summary', { period: 'day', days: 30 }, p.token);
    expect(month.data.totals.stakesFen).toBe(0);
    const quarter = await call(t.app, 'GET', '/api/activity/summary', { period: 'day', days: '90' }, p.token);
    expect(quarter.data.buckets).toHaveLength(90);
    const day = beijingDayOf(new Date(Date.now() - 40 * 86_400_000));
    expect(quarter.data.buckets.find((x: { key: string }) => x.key === day)).toMatchObject({
      stakesFen: opened.paidFen,
      netResultFen: -opened.paidFen,
    });
    expect(quarter.data.totals.stakesFen).toBe(opened.paidFen);
    const year = await call(t.app, 'GET', '/api/activity/summary', { period: 'month', months: 12 }, p.token);
    expect(year.data.buckets.find((x: { key: string }) => x.key === day.slice(0, 7))).toMatchObject({
      stakesFen: opened.paidFen,
    });
  });

  it('refuses out-of-range periods in Chinese', async () => {
    const p = await player();
    for (const params of [{ period: 'week' }, { days: 0 }, { days: 91 }, { days: 'x' }, { months: 13 }, { months: 0 }]) {
      const res = await call(t.app, 'GET', '/api/activity/summary', params, p.token);
      expect(res.status).toBe(1001);
      expect(res.msg).toMatch(/[\u4e00-\u9fff]/);
      expect(res.data).toBeNull();
    }
  });
});
