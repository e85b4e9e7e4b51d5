import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { oddsHash } from '@skinfair/fairness';
import { errorStatus, type AdminRole } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../../testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../../testing/factories.js';
import { call } from '../../../testing/auth-helpers.js';
import { adminCall, givenOperator, pendingOperatorToken } from '../../../testing/operators.js';
import { queryRows, toInt } from '../../../platform/db/rows.js';

let t: TestApp;
let admin: { token: string; id: number };
let items: Array<{ id: number; recoveryPriceFen: number; name: string }>;
/** Twice the dearest test item: any box of them declares at most 50 %, under the ceiling (issue 24 §11). */
let PRICE = 0;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await givenOperator(t.app, t.database.db, 'operations');
  const page = await adminCall(t.app, 'GET', '/api/admin/boxes/items', { pageSize: 10 }, { adminToken: admin.token });
  items = page.data.pageData;
  PRICE = 2 * Math.max(...items.map((i) => i.recoveryPriceFen));
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const as = (token: string) => ({ adminToken: token });
const auditRows = async (boxId?: number) =>
  queryRows<{ action: string; operator_id: unknown; before: unknown; after: unknown }>(
    db(),
    boxId === undefined
      ? sql`SELECT * FROM audit_log WHERE target_type = 'box' ORDER BY id`
      : sql`SELECT * FROM audit_log WHERE target_type = 'box' AND target_id = ${String(boxId)} ORDER BY id`,
  );
const auditCount = async () => toInt((await queryRows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM audit_log`))[0]?.n);

/** A box with the given drops (weights in the operator's order), enabled for players. */
async function givenBox(drops: Array<{ itemId: number; weight: number }>, extra: Record<string, unknown> = {}) {
  const res = await adminCall(
    t.app,
    'POST',
    '/api/admin/boxes/create',
    { name: '测试箱', themeId: 1, priceFen: PRICE, enabled: true, drops, ...extra },
    as(admin.token),
  );
  expect(res.status, res.msg).toBe(0);
  return res.data;
}

describe('who may call /api/admin/boxes/*', () => {
  it('refuses guests, players, operators before two-factor and roles without the boxes permission', async () => {
    const player = await givenSession(db(), (await givenUser(db())).id);
    const pendingToken = await pendingOperatorToken(t.app, db(), 'boxes-pending');
    const outsiders: Record<string, AdminRole> = {
      finance: 'finance',
      support: 'support',
      content: 'content',
    };
    const tokens = Object.fromEntries(
      await Promise.all(Object.entries(outsiders).map(async ([k, role]) => [k, (await givenOperator(t.app, db(), role)).token])),
    ) as Record<string, string>;
    const drops = [{ itemId: items[0]!.id, weight: 100_000 }];
    const calls = [
      { method: 'GET' as const, url: '/api/admin/boxes', params: {} },
      { method: 'GET' as const, url: '/api/admin/boxes/detail', params: { id: 1 } },
      { method: 'GET' as const, url: '/api/admin/boxes/themes', params: {} },
      { method: 'GET' as const, url: '/api/admin/boxes/items', params: { search: 'AK' } },
      {
        method: 'POST' as const,
        url: '/api/admin/boxes/create',
        params: { name: 'x', themeId: 1, priceFen: 100, drops },
      },
      { method: 'POST' as const, url: '/api/admin/boxes/update', params: { id: 1, enabled: false } },
      { method: 'POST' as const, url: '/api/admin/boxes/publish', params: { id: 1, drops } },
      { method: 'POST' as const, url: '/api/admin/boxes/themes/save', params: { name: '新分类' } },
    ];
    const before = await auditCount();
    for (const c of calls) {
      expect((await adminCall(t.app, c.method, c.url, c.params)).status, `${c.url} guest`).toBe(errorStatus('ADMIN_NOT_LOGGED_IN'));
      expect((await adminCall(t.app, c.method, c.url, c.params, { playerToken: player })).status, `${c.url} player`).toBe(
        errorStatus('ADMIN_NOT_LOGGED_IN'),
      );
      expect((await adminCall(t.app, c.method, c.url, c.params, as(player))).status, `${c.url} player token as admin`).toBe(
        errorStatus('ADMIN_NOT_LOGGED_IN'),
      );
      expect((await adminCall(t.app, c.method, c.url, c.params, as(pendingToken))).status, `${c.url} pending`).toBe(
        errorStatus('ADMIN_TOTP_REQUIRED'),
      );
      for (const [role, token] of Object.entries(tokens))
        expect((await adminCall(t.app, c.method, c.url, c.params, as(token))).status, `${c.url} ${role}`).toBe(
          errorStatus('ADMIN_FORBIDDEN'),
        );
    }
    expect(await auditCount()).toBe(before);
    // Nothing changed behind the refusals: box 1 is as the seed made it.
    expect((await call(t.app, 'GET', '/api/case/caseDetail', { caseId: 1 })).data).toMatchObject({
      enabled: true,
      version: 1,
    });
  });
});

describe('creating and editing a box', () => {
  it('creates a box with its first odds version, its odds hash and expected return, in one audit row', async () => {
    const [a, b, c] = items as [(typeof items)[0], (typeof items)[0], (typeof items)[0]];
    const before = await auditCount();
    const box = await givenBox([
      { itemId: a.id, weight: 70_000 },
      { itemId: b.id, weight: 29_000 },
      { itemId: c.id, weight: 1_000 },
    ]);
    expect(box).toMatchObject({
      name: '测试箱',
      version: 1,
      enabled: true,
      battleEligible: true,
      priceFen: PRICE,
    });
    expect(box.drops.map((d: { rollLow: number; rollHigh: number }) => [d.rollLow, d.rollHigh])).toEqual([
      [1, 70_000],
      [70_001, 99_000],
      [99_001, 100_000],
    ]);
    const ranges = box.drops.map((d: { itemId: number; rollLow: number; rollHigh: number }) => ({
      itemId: d.itemId,
      low: d.rollLow,
      high: d.rollHigh,
    }));
    expect(box.oddsHash).toBe(oddsHash(box.id, 1, ranges));
    const expected = Math.floor((70_000 * a.recoveryPriceFen + 29_000 * b.recoveryPriceFen + 1_000 * c.recoveryPriceFen) / 100_000);
    expect(box.expectedReturnFen).toBe(expected);
    expect(box.returnRateBp).toBe(Math.floor((expected * 10_000) / PRICE));
    // Players see what the console published.
    expect((await call(t.app, 'GET', '/api/case/caseDetail', { caseId: box.id })).data).toMatchObject({
      oddsHash: box.oddsHash,
      expectedReturn: expected,
      version: 1,
    });
    expect(await auditCount()).toBe(before + 1);
    const [row] = await auditRows(box.id);
    expect(row).toMatchObject({ action: 'box.create', before: null });
    expect(toInt(row!.operator_id)).toBe(admin.id);
    expect(row!.after).toMatchObject({ id: box.id, version: 1, oddsHash: box.oddsHash });
  });

  it('refuses drop lists whose weights do not sum to 100000, and bad, zero, negative or repeated drops', async () => {
    const box = await givenBox([{ itemId: items[0]!.id, weight: 100_000 }]);
    const before = await auditCount();
    const publish = (drops: unknown) => adminCall(t.app, 'POST', '/api/admin/boxes/publish', { id: box.id, drops }, as(admin.token));
    const short = await publish([
      { itemId: items[0]!.id, weight: 60_000 },
      { itemId: items[1]!.id, weight: 39_999 },
    ]);
    expect(short).toEqual({
      status: errorStatus('ADMIN_BOX_WEIGHT_SUM'),
      msg: '掉落权重之和必须正好为 100000',
      data: null,
    });
    expect((await publish([{ itemId: items[0]!.id, weight: 100_001 }])).status).toBe(errorStatus('PARAM_INVALID'));
    expect(
      (
        await publish([
          { itemId: items[0]!.id, weight: 100_000 },
          { itemId: items[1]!.id, weight: 0 },
        ])
      ).status,
    ).toBe(errorStatus('PARAM_INVALID'));
    expect(
      (
        await publish([
          { itemId: items[0]!.id, weight: 100_010 },
          { itemId: items[1]!.id, weight: -10 },
        ])
      ).status,
    ).toBe(errorStatus('PARAM_INVALID'));
    expect(
      (
        await publish([
          { itemId: items[0]!.id, weight: 50_000.5 },
          { itemId: items[1]!.id, weight: 49_999.5 },
        ])
      ).status,
    ).toBe(errorStatus('PARAM_INVALID'));
    expect((await publish([])).status).toBe(errorStatus('PARAM_INVALID'));
    const twice = await publish([
      { itemId: items[0]!.id, weight: 50_000 },
      { itemId: items[0]!.id, weight: 50_000 },
    ]);
    expect(twice).toMatchObject({
      status: errorStatus('ADMIN_BOX_DROP_DUPLICATE'),
      msg: '同一饰品在掉落列表中只能出现一次',
    });
    expect((await publish([{ itemId: 987_654_321, weight: 100_000 }])).status).toBe(errorStatus('ADMIN_BOX_ITEM_NOT_FOUND'));
    const badTheme = await adminCall(
      t.app,
      'POST',
      '/api/admin/boxes/create',
      { name: 'x', themeId: 777, priceFen: 100, drops: [{ itemId: items[0]!.id, weight: 100_000 }] },
      as(admin.token),
    );
    expect(badTheme.status).toBe(errorStatus('ADMIN_BOX_THEME_NOT_FOUND'));
    expect((await adminCall(t.app, 'POST', '/api/admin/boxes/update', { id: 999_999, enabled: true }, as(admin.token))).status).toBe(
      errorStatus('BOX_NOT_FOUND'),
    );
    expect(await auditCount()).toBe(before);
    const detail = await adminCall(t.app, 'GET', '/api/admin/boxes/detail', { id: box.id }, as(admin.token));
    expect(detail.data).toMatchObject({ version: 1, versions: [{ version: 1 }] });
  });

  it('changes settings in place, one audit row each with the box before and after', async () => {
    const box = await givenBox([{ itemId: items[0]!.id, weight: 100_000 }]);
    const update = (p: Record<string, unknown>) =>
      adminCall(t.app, 'POST', '/api/admin/boxes/update', { id: box.id, ...p }, as(admin.token));
    const renamed = await update({ name: '改名箱', priceFen: 2 * PRICE, themeId: 2 });
    expect(renamed.data).toMatchObject({
      name: '改名箱',
      priceFen: 2 * PRICE,
      themeId: 2,
      version: 1,
      oddsHash: box.oddsHash,
    });
    await update({ battleEligible: false });
    const battleBoxes = (await call(t.app, 'GET', '/api/common/getBoxBattleThemeList', { themeId: -1 })).data.flatMap(
      (th: { boxList: Array<{ id: number }> }) => th.boxList.map((b) => b.id),
    );
    expect(battleBoxes).not.toContain(box.id);
    const token = await givenSession(db(), (await givenUser(db(), { coinsFen: 100_000 })).id);
    const battle = await call(t.app, 'POST', '/api/battle/create', { boxLists: `${box.id}`, countCustomer: 2 }, token);
    expect(battle.status).toBe(errorStatus('BOX_DISABLED'));
    await update({ enabled: false });
    expect((await call(t.app, 'POST', '/api/case/openCase', { caseId: box.id, number: 1 }, token)).status).toBe(
      errorStatus('BOX_DISABLED'),
    );
    const rows = await auditRows(box.id);
    expect(rows.map((r) => r.action)).toEqual(['box.create', 'box.update', 'box.update', 'box.update']);
    expect(rows[1]).toMatchObject({
      before: { name: '测试箱', priceFen: PRICE, themeId: 1 },
      after: { name: '改名箱', priceFen: 2 * PRICE, themeId: 2 },
    });
    expect(rows[2]).toMatchObject({ before: { battleEligible: true }, after: { battleEligible: false } });
    expect(rows[3]).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
    const listed = await adminCall(t.app, 'GET', '/api/admin/boxes', { search: '改名', enabled: 0 }, as(admin.token));
    expect(listed.data.pageData.map((b: { id: number }) => b.id)).toEqual([box.id]);
  });
});

describe('themes (the home page tabs)', () => {
  it('creates and edits a theme, one audit row each; a theme shows to players once it holds an enabled box', async () => {
    const before = await auditCount();
    const created = await adminCall(t.app, 'POST', '/api/admin/boxes/themes/save', { name: '  周末特惠 ', weight: 5 }, as(admin.token));
    expect(created.status, created.msg).toBe(0);
    const theme = (created.data as Array<{ id: number; name: string; weight: number; boxCount: number }>).find(
      (x) => x.name === '周末特惠',
    )!;
    expect(theme).toMatchObject({ weight: 5, boxCount: 0, boxType: 1 });
    const publicTabs = async () =>
      ((await call(t.app, 'GET', '/api/common/getBoxThemeList', { boxType: 1 })).data as Array<{ id: number }>).map((x) => x.id);
    expect(await publicTabs()).not.toContain(theme.id);

    await givenBox([{ itemId: items[0]!.id, weight: 100_000 }], { themeId: theme.id });
    const renamed = await adminCall(
      t.app,
      'POST',
      '/api/admin/boxes/themes/save',
      { id: theme.id, name: '周末', weight: 0 },
      as(admin.token),
    );
    expect(renamed.status, renamed.msg).toBe(0);
    expect((renamed.data as Array<{ id: number }>).find((x) => x.id === theme.id)).toMatchObject({ name: '周末', boxCount: 1 });
    expect(await publicTabs()).toContain(theme.id);

    const rows = await queryRows<{ action: string; before: unknown; after: unknown }>(
      db(),
      sql`SELECT action, before, after FROM audit_log WHERE target_type = 'theme' AND target_id = ${String(theme.id)} ORDER BY id`,
    );
    expect(rows.map((r) => r.action)).toEqual(['theme.create', 'theme.update']);
    expect(rows[1]!.before).toMatchObject({ name: '周末特惠', weight: 5 });
    expect(rows[1]!.after).toMatchObject({ name: '周末', weight: 0 });
    // The box creation in between wrote its own row: three in all.
    expect(await auditCount()).toBe(before + 3);
  });

  it('refuses an empty or long name, an unknown theme and out-of-range order, with no write', async () => {
    const before = await auditCount();
    for (const params of [
      { name: '   ' },
      { name: 'x'.repeat(21) },
      { name: 'ok', weight: -1 },
      { name: 'ok', boxType: 2 },
      { id: 99_999, name: 'ok' },
    ]) {
      const res = await adminCall(t.app, 'POST', '/api/admin/boxes/themes/save', params, as(admin.token));
      expect(res.status, JSON.stringify(params)).not.toBe(0);
      expect(res.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await auditCount()).toBe(before);
  });
});

describe('publishing a new odds version', () => {
  it('takes the drop list as a JSON field of a form post, as the console sends it', async () => {
    const box = await givenBox([{ itemId: items[0]!.id, weight: 100_000 }]);
    const drops = JSON.stringify([
      { itemId: items[1]!.id, weight: 99_999 },
      { itemId: items[2]!.id, weight: 1 },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/boxes/publish',
      headers: { 'admin-token': admin.token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ id: String(box.id), drops, priceFen: String(PRICE + 1) }).toString(),
    });
    expect(res.json().data).toMatchObject({
      version: 2,
      priceFen: PRICE + 1,
      drops: [
        { itemId: items[1]!.id, rollLow: 1, rollHigh: 99_999 },
        { itemId: items[2]!.id, rollLow: 100_000, rollHigh: 100_000 },
      ],
    });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/admin/boxes/publish',
      headers: { 'admin-token': admin.token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ id: String(box.id), drops: '[{"itemId":' }).toString(),
    });
    expect(broken.json().status).toBe(errorStatus('PARAM_INVALID'));
  });

  it('leaves an old roll verifiable with its own version, and the next opening uses the new one at once', async () => {
    const [a, b] = items as [(typeof items)[0], (typeof items)[0]];
    const box = await givenBox([{ itemId: a.id, weight: 100_000 }]);
    const token = await givenSession(db(), (await givenUser(db(), { coinsFen: 2 * PRICE })).id);
    const first = await call(t.app, 'POST', '/api/case/openCase', { caseId: box.id, number: 1 }, token);
    expect(first.status, first.msg).toBe(0);
    expect(first.data.results[0].giftId).toBe(a.id);

    // Within the openings' 5 s box hint: the lock statement must see the new version and read it again.
    const published = await adminCall(
      t.app,
      'POST',
      '/api/admin/boxes/publish',
      { id: box.id, drops: [{ itemId: b.id, weight: 100_000 }] },
      as(admin.token),
    );
    expect(published.data).toMatchObject({ version: 2, versions: [{ version: 2 }, { version: 1 }] });
    expect(published.data.oddsHash).toBe(oddsHash(box.id, 2, [{ itemId: b.id, low: 1, high: 100_000 }]));
    const second = await call(t.app, 'POST', '/api/case/openCase', { caseId: box.id, number: 1 }, token);
    expect(second.data.results[0].giftId).toBe(b.id);

    const oldRoll = (await call(t.app, 'GET', '/api/key/verifyById', { verifyId: first.data.results[0].verifyId }, token)).data;
    expect(oldRoll).toMatchObject({ caseId: box.id, caseVersion: 1, itemId: a.id, oddsHash: box.oddsHash });
    expect(oldRoll.ranges).toEqual([{ itemId: a.id, low: 1, high: 100_000 }]);
    expect(oddsHash(box.id, oldRoll.caseVersion, oldRoll.ranges)).toBe(oldRoll.oddsHash);
    const newRoll = (await call(t.app, 'GET', '/api/key/verifyById', { verifyId: second.data.results[0].verifyId }, token)).data;
    expect(newRoll).toMatchObject({ caseVersion: 2, itemId: b.id, oddsHash: published.data.oddsHash });

    const rows = await auditRows(box.id);
    expect(rows.map((r) => r.action)).toEqual(['box.create', 'box.publish']);
    expect(rows[1]).toMatchObject({
      before: { version: 1, oddsHash: box.oddsHash, drops: [{ itemId: a.id, weight: 100_000 }] },
      after: { version: 2, oddsHash: published.data.oddsHash, drops: [{ itemId: b.id, weight: 100_000 }] },
    });
    await expectBooksBalanced(db());
  });
});
