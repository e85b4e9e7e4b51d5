import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { caseRoll } from '@skinfair/fairness';
import { errorStatus, rolePermissions, type AdminRole } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../testing/factories.js';
import { call } from '../../testing/auth-helpers.js';
import { adminCall, givenOperator, OPERATOR_PASSWORD } from '../../testing/operators.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { compareReturn, declaredFromOutcomes, poolDeclared } from './live-return.js';
import { caseReturnCache } from './service.js';

describe('the live return maths', () => {
  it('computes the declared mean and spread of one opening exactly from integer weights and fen prices', () => {
    // 50 % 1 yuan, 30 % 10 yuan, 20 % 50 yuan for a 10 yuan box: mean 1.35, E[r²] 5.305, variance 3.4825.
    const declared = declaredFromOutcomes(
      [
        { weight: 50_000, valueFen: 100 },
        { weight: 30_000, valueFen: 1_000 },
        { weight: 20_000, valueFen: 5_000 },
      ],
      1_000,
    )!;
    expect(declared.mean).toBe(1.35);
    expect(declared.variance).toBeCloseTo(3.4825, 12);
    // A knife of 100 000 yuan at weight 1 in a 1 yuan box: Σ w·v² passes 2^53, the variance stays exact.
    const rare = declaredFromOutcomes(
      [
        { weight: 99_999, valueFen: 50 },
        { weight: 1, valueFen: 10_000_000 },
      ],
      100,
    )!;
    const p = 1 / 100_000;
    expect(rare.mean).toBeCloseTo((99_999 * 50 + 10_000_000) / 100_000 / 100, 12);
    expect(rare.variance).toBeCloseTo(p * (1 - p) * ((10_000_000 - 50) / 100) ** 2, 6);
    expect(declaredFromOutcomes([{ weight: 100_000, valueFen: 80 }], 100)).toEqual({
      mean: 0.8,
      variance: 0,
    });
    expect(declaredFromOutcomes([{ weight: 100_000, valueFen: 80 }], 0)).toBeNull();
  });

  it('bands the realised return at ± 1.96 and ± 3 standard errors and alerts outside ± 3 from 30 openings on', () => {
    const declared = { mean: 1.35, variance: 3.4825 };
    const se = Math.sqrt(3.4825) / 10; // 100 openings
    const at = (realised: number, plays = 100) => compareReturn(declared, { plays, returnSum: realised * plays });
    const inside = at(1.35 + 2.9 * se);
    expect(inside.alert).toBe(false);
    expect(inside.band95!.high).toBeCloseTo(1.35 + 1.96 * se, 5);
    expect(inside.alertBand!.low).toBeCloseTo(1.35 - 3 * se, 5);
    expect(inside.realisedReturn).toBeCloseTo(1.35 + 2.9 * se, 5);
    expect(at(1.35 + 3.1 * se).alert).toBe(true);
    expect(at(1.35 - 3.1 * se).alert).toBe(true);
    // Far out, but 29 openings are too few to alert on.
    expect(at(9, 29).alert).toBe(false);
    expect(at(9, 30).alert).toBe(true);
    // No openings: the declared figures alone; a box that costs nothing has no ratio at all.
    expect(compareReturn(declared, { plays: 0, returnSum: 0 })).toMatchObject({
      realisedReturn: null,
      band95: null,
      alertBand: null,
      alert: false,
      declaredReturn: 1.35,
    });
    expect(compareReturn(null, { plays: 50, returnSum: 40 })).toMatchObject({
      declaredReturn: null,
      realisedReturn: null,
      alert: false,
    });
    // A single drop: a zero-width band that the exact realised return sits on.
    expect(compareReturn({ mean: 0.8, variance: 0 }, { plays: 40, returnSum: 0.8 * 40 }).alert).toBe(false);
    // The band never goes below a return of 0.
    expect(at(1, 30).alertBand!.low).toBeCloseTo(1.35 - (3 * Math.sqrt(3.4825)) / Math.sqrt(30), 5);
    expect(compareReturn({ mean: 0.5, variance: 4 }, { plays: 30, returnSum: 15 }).alertBand!.low).toBe(0);
  });
  it('pools plays of different distributions so the band is √(Σσ²)/n (another game, or several odds versions)', () => {
    const a = { mean: 0.9, variance: 4 };
    const b = { mean: 0.5, variance: 0.25 };
    const pooled = poolDeclared([
      { plays: 30, declared: a },
      { plays: 70, declared: b },
    ])!;
    expect(pooled.mean).toBeCloseTo((30 * 0.9 + 70 * 0.5) / 100, 12);
    const se = Math.sqrt(30 * 4 + 70 * 0.25) / 100;
    const figures = compareReturn(pooled, { plays: 100, returnSum: 100 * pooled.mean });
    expect(figures.alertBand!.high).toBeCloseTo(pooled.mean + 3 * se, 5);
    expect(poolDeclared([])).toBeNull();
  });
});

let t: TestApp;
let ops: { token: string; id: number };
let items: Array<{ id: number; recoveryPriceFen: number }>;
beforeAll(async () => {
  t = await buildTestApp();
  ops = await givenOperator(t.app, t.database.db, 'operations');
  const page = await adminCall(t.app, 'GET', '/api/admin/boxes/items', { pageSize: 50 }, { adminToken: ops.token });
  // Two items of different prices, the cheaper first.
  const all = (page.data.pageData as Array<{ id: number; recoveryPriceFen: number }>).sort(
    (a, b) => a.recoveryPriceFen - b.recoveryPriceFen,
  );
  items = [all[0]!, all.at(-1)!];
  expect(items[0]!.recoveryPriceFen).toBeLessThan(items[1]!.recoveryPriceFen);
  // A declared return of about 95 %: the console refuses a box above its ceiling (issue 24 §11, 98 %).
  PRICE = Math.ceil((items[0]!.recoveryPriceFen + items[1]!.recoveryPriceFen) / 2 / 0.95);
});
afterAll(async () => t?.close());

const db = () => t.database.db;
let PRICE = 0;

/** A box of two drops, cheap then dear, half and half: rolls 1..50000 win the cheap one, 50001..100000 the dear one. */
async function givenBox(name: string) {
  const res = await adminCall(
    t.app,
    'POST',
    '/api/admin/boxes/create',
    {
      name,
      themeId: 1,
      priceFen: PRICE,
      enabled: true,
      drops: [
        { itemId: items[0]!.id, weight: 50_000 },
        { itemId: items[1]!.id, weight: 50_000 },
      ],
    },
    { adminToken: ops.token },
  );
  expect(res.status, res.msg).toBe(0);
  return res.data.id as number;
}
async function player(coinsFen: number) {
  const user = await givenUser(db(), { coinsFen });
  return { user, token: await givenSession(db(), user.id) };
}
async function open(token: string, caseId: number, number: number) {
  const res = await call(t.app, 'POST', '/api/case/openCase', { caseId, number }, token);
  expect(res.status, res.msg).toBe(0);
  return res.data as {
    results: Array<{ id: number; recoveryPrice: number; voucherId: number }>;
    amountPaid: number;
  };
}
const returnsOf = async (boxId: number, extra: Record<string, unknown> = {}) => {
  const res = await adminCall(t.app, 'GET', '/api/admin/returns', { search: String(boxId), ...extra }, { adminToken: ops.token });
  expect(res.status, res.msg).toBe(0);
  expect(res.data.pageData).toHaveLength(1);
  return res.data.pageData[0];
};
const declaredOfTestBox = () => (0.5 * items[0]!.recoveryPriceFen + 0.5 * items[1]!.recoveryPriceFen) / PRICE;

describe('who may call /api/admin/returns', () => {
  it('refuses guests, players, operators before two-factor and roles without boxes.read; lets the others read', async () => {
    const p = await player(0);
    const admin = await givenOperator(t.app, db(), 'admin');
    const made = await adminCall(
      t.app,
      'POST',
      '/api/admin/operators/create',
      { name: 'returns-pending', password: OPERATOR_PASSWORD, role: 'admin' },
      { adminToken: admin.token },
    );
    expect(made.status, made.msg).toBe(0);
    const pending = (
      await adminCall(t.app, 'POST', '/api/admin/login', {
        name: 'returns-pending',
        password: OPERATOR_PASSWORD,
      })
    ).data.token as string;
    const as = (headers: { adminToken?: string; playerToken?: string }) => adminCall(t.app, 'GET', '/api/admin/returns', {}, headers);
    expect((await as({})).status).toBe(errorStatus('ADMIN_NOT_LOGGED_IN'));
    expect((await as({ playerToken: p.token })).status).toBe(errorStatus('ADMIN_NOT_LOGGED_IN'));
    expect((await as({ adminToken: p.token })).status).toBe(errorStatus('ADMIN_NOT_LOGGED_IN'));
    expect((await as({ adminToken: pending })).status).toBe(errorStatus('ADMIN_TOTP_REQUIRED'));
    for (const role of Object.keys(rolePermissions) as AdminRole[]) {
      const op = await givenOperator(t.app, db(), role);
      const res = await as({ adminToken: op.token });
      if (rolePermissions[role].includes('boxes.read')) expect(res.status, role).toBe(0);
      else
        expect(res, role).toEqual({
          status: errorStatus('ADMIN_FORBIDDEN'),
          msg: expect.stringMatching(/[\u4e00-\u9fa5]/),
          data: null,
        });
    }
  });

  it('refuses a window out of bounds and unknown filters with a Chinese message', async () => {
    for (const bad of [{ window: 9 }, { window: 100_001 }, { window: 'x' }, { alerts: 'some' }, { search: 'x'.repeat(41) }]) {
      const res = await adminCall(t.app, 'GET', '/api/admin/returns', bad, { adminToken: ops.token });
      expect(res.status, JSON.stringify(bad)).toBe(errorStatus('PARAM_INVALID'));
      expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});

describe('the realised return', () => {
  it('counts the last N openings of the current version at what they credited, and what the ledger took', async () => {
    const boxId = await givenBox('回报测试箱');
    const fresh = await returnsOf(boxId);
    expect(fresh).toMatchObject({
      boxId,
      openings: 0,
      window: 1_000,
      realisedReturn: null,
      band95: null,
      alert: false,
      version: 1,
      priceFen: PRICE,
    });
    expect(fresh.declaredReturn).toBeCloseTo(declaredOfTestBox(), 6);
    expect(fresh.openingSd).toBeCloseTo((items[1]!.recoveryPriceFen - items[0]!.recoveryPriceFen) / 2 / PRICE, 6);

    const a = await player(PRICE * 10);
    const b = await player(PRICE * 10);
    const opened = [
      ...(await open(a.token, boxId, 5)).results,
      ...(await open(b.token, boxId, 4)).results,
      ...(await open(a.token, boxId, 3)).results,
    ];
    const all = await returnsOf(boxId);
    const credited = await queryRows<{ won: unknown; n: unknown }>(
      db(),
      sql`SELECT coalesce(sum(recovery_price_fen), 0) AS won, count(*) AS n FROM inventory_items WHERE source_type = 'case' AND source_id = ${boxId}`,
    );
    const debited = await queryRows<{ paid: unknown }>(
      db(),
      sql`SELECT coalesce(sum(amount_fen), 0) AS paid FROM ledger_transfers WHERE code = 'case_open' AND ref_type = 'box' AND ref_id = ${String(boxId)}`,
    );
    expect(all.openings).toBe(12);
    expect(toInt(credited[0]!.n)).toBe(12);
    expect(all.wonFen).toBe(toInt(credited[0]!.won));
    expect(all.wonFen).toBe(opened.reduce((s, r) => s + r.recoveryPrice, 0));
    expect(all.paidFen).toBe(toInt(debited[0]!.paid));
    expect(all.paidFen).toBe(12 * PRICE);
    expect(all.realisedReturn).toBeCloseTo(all.wonFen / (12 * PRICE), 6);
    const se = all.openingSd / Math.sqrt(12);
    expect(all.alertBand.high).toBeCloseTo(all.declaredReturn + 3 * se, 5);
    expect(all.band95.low).toBeCloseTo(Math.max(0, all.declaredReturn - 1.96 * se), 5);
    expect(all.alert).toBe(false); // 12 openings: below the minimum, whatever they won

    // The last 10: the newest rolls by id.
    const last10 = opened.sort((x, y) => y.id - x.id).slice(0, 10);
    const windowed = await returnsOf(boxId, { window: 10 });
    expect(windowed).toMatchObject({
      openings: 10,
      window: 10,
      wonFen: last10.reduce((s, r) => s + r.recoveryPrice, 0),
    });

    // The public page shows the same figures over the default window.
    const pub = await call(t.app, 'GET', '/api/case/caseReturn', { caseId: boxId });
    expect(pub.status).toBe(0);
    const { boxId: _id, name: _n, image: _i, enabled: _e, ...figures } = all;
    expect(pub.data).toEqual({ caseId: boxId, ...figures });

    // A new odds version starts a new count: its openings are another distribution.
    const republish = await adminCall(
      t.app,
      'POST',
      '/api/admin/boxes/publish',
      { id: boxId, drops: [{ itemId: items[0]!.id, weight: 100_000 }] },
      { adminToken: ops.token },
    );
    expect(republish.status, republish.msg).toBe(0);
    const republished = await returnsOf(boxId);
    expect(republished).toMatchObject({ version: 2, openings: 0, openingSd: 0 });
    expect(republished.declaredReturn).toBeCloseTo(items[0]!.recoveryPriceFen / PRICE, 6);
    await expectBooksBalanced(db());
  });

  it('alerts when a player who knows the server seeds wins the dear drop every time, and lists alerts first', async () => {
    const quiet = await givenBox('安静测试箱');
    const leaked = await givenBox('泄露测试箱');
    const { user, token } = await player(PRICE * 40);
    await call(t.app, 'GET', '/api/key/currentKey', {}, token);
    // Three rounds of ten: each time, the leaked next server seed and a client seed whose ten rolls all
    // land in 50001..100000 (about 1 in 1000 seeds), then the player switches to it and opens ten.
    for (let round = 0; round < 3; round++) {
      const [next] = await queryRows<{ server_seed: string }>(
        db(),
        sql`SELECT server_seed FROM seed_pairs WHERE user_id = ${user.id} AND state = 'next'`,
      );
      let seed = '';
      for (let k = 0; !seed; k++) {
        const candidate = `leak${round}x${k}`;
        if (Array.from({ length: 10 }, (_, nonce) => caseRoll(next!.server_seed, candidate, nonce).rollCode).every((code) => code > 50_000))
          seed = candidate;
      }
      expect((await call(t.app, 'POST', '/api/key/reset', { clientSeed: seed }, token)).status).toBe(0);
      await open(token, leaked, 10);
    }
    const fair = await player(PRICE * 40);
    await open(fair.token, quiet, 10);

    const row = await returnsOf(leaked);
    expect(row.openings).toBe(30);
    expect(row.wonFen).toBe(30 * items[1]!.recoveryPriceFen);
    expect(row.realisedReturn).toBeGreaterThan(row.alertBand.high);
    expect(row.alert).toBe(true);
    expect((await returnsOf(quiet)).alert).toBe(false);

    const list = await adminCall(t.app, 'GET', '/api/admin/returns', { search: '测试箱', pageSize: 100 }, { adminToken: ops.token });
    const ids = (list.data.pageData as Array<{ boxId: number; alert: boolean }>).map((r) => r.boxId);
    expect(ids[0]).toBe(leaked);
    expect(ids).toContain(quiet);
    const only = await adminCall(t.app, 'GET', '/api/admin/returns', { search: '测试箱', alerts: 'only' }, { adminToken: ops.token });
    expect(only.data.pageData.map((r: { boxId: number }) => r.boxId)).toEqual([leaked]);
    expect(only.data.totalRows).toBe(1);
    // The player's box page shows the alert too.
    expect((await call(t.app, 'GET', '/api/case/caseReturn', { caseId: leaked })).data.alert).toBe(true);
  });
});

describe('GET /api/case/caseReturn', () => {
  it('keeps a box page’s figures for the cache time, then reads them again', async () => {
    const boxId = await givenBox('缓存测试箱');
    let clock = 0;
    const cached = caseReturnCache(30_000, () => clock);
    expect((await cached(db(), boxId)).openings).toBe(0);
    const { token } = await player(PRICE * 5);
    await open(token, boxId, 2);
    clock = 29_999;
    expect((await cached(db(), boxId)).openings).toBe(0);
    clock = 30_000;
    expect((await cached(db(), boxId)).openings).toBe(2);
    await expect(cached(db(), 99_999_998)).rejects.toMatchObject({ code: 'BOX_NOT_FOUND' });
  });

  it('answers a seeded box with its declared return and refuses bad ids with the envelope, never a 500', async () => {
    const seeded = await call(t.app, 'GET', '/api/case/caseReturn', { caseId: 1 });
    expect(seeded.status).toBe(0);
    const detail = (await call(t.app, 'GET', '/api/case/caseDetail', { caseId: 1 })).data;
    // Exact where the published figure is floored to a fen and then to a basis point.
    const gifts = detail.gifts as Array<{ weight: number; recoveryPrice: number }>;
    expect(seeded.data.declaredReturn).toBeCloseTo(
      gifts.reduce((s, g) => s + g.weight * g.recoveryPrice, 0) / 100_000 / detail.openPrice,
      6,
    );
    expect(seeded.data.declaredReturn * 10_000).toBeGreaterThanOrEqual(detail.returnRateBp);
    expect(seeded.data).toMatchObject({
      caseId: 1,
      version: detail.version,
      priceFen: detail.openPrice,
      window: 1_000,
    });

    for (const caseId of [0, -1, 'x', '1.5', '9007199254740992', '99999999999999999999']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/case/caseReturn?caseId=${encodeURIComponent(String(caseId))}`,
      });
      expect(res.statusCode, String(caseId)).toBeLessThan(500);
      const body = res.json();
      expect(body.status, String(caseId)).toBe(errorStatus('PARAM_INVALID'));
      expect(body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/case/caseReturn' })).json().status).toBe(errorStatus('PARAM_INVALID'));
    expect(await call(t.app, 'GET', '/api/case/caseReturn', { caseId: 99_999_999 })).toEqual({
      status: errorStatus('BOX_NOT_FOUND'),
      msg: '箱子不存在',
      data: null,
    });
  });
});
