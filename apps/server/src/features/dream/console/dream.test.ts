import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dreamFee } from '@skinfair/fairness';
import { errorStatus } from '@skinfair/contract';
import { expectBooksBalanced } from '../../../testing/factories.js';
import { call, refused } from '../../../testing/auth-helpers.js';
import { queryRows, toInt } from '../../../platform/db/rows.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { currentDreamSettings, DREAM_SETTINGS_TTL_MS, forgetDreamSettings, saveDreamSettings } from '../settings.js';
import { buildTestApp, type TestApp } from '../../../testing/test-app.js';
import { gamesConsole } from '../../../testing/games-console.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const { db, A, operations, as, player, auditRows, auditCount, wallet } = gamesConsole(() => t, 'console-dream');

describe('dream chasing settings', () => {
  const defaults = {
    minProbability: 5_000,
    maxProbability: 75_000,
    returnRateBp: 9_500,
    minTargetPriceFen: 100,
    maxTargetPriceFen: 10_000_000,
  };

  it('starts from the environment, and a saved change applies to the config route, the target picker and a dream’s fee', async () => {
    const op = await operations();
    const read = (await as(op, 'GET', `${A}/dream`)).data;
    expect(read).toEqual({ current: defaults, defaults, overridden: false, updatedAt: null });

    const audits = await auditCount();
    const next = {
      minProbability: 1_000,
      maxProbability: 50_000,
      returnRateBp: 8_000,
      minTargetPriceFen: 200,
      maxTargetPriceFen: 5_000_000,
    };
    const saved = await as(op, 'POST', `${A}/dream`, next);
    expect(saved.status).toBe(0);
    expect(saved.data).toMatchObject({ current: next, defaults, overridden: true });
    const row = (await auditRows('dream.settings')).at(-1)!;
    expect(row).toMatchObject({ before: defaults, after: next });
    expect(await auditCount()).toBe(audits + 1);

    const config = (await call(t.app, 'GET', '/api/upgrade/getUpgradeConfig')).data;
    expect(config).toMatchObject({
      minProbability: 1_000,
      maxProbability: 50_000,
      returnRateBp: 8_000,
      minTargetPrice: 200,
      maxTargetPrice: 5_000_000,
    });

    const picker = (await call(t.app, 'GET', '/api/upgrade/page', { pageSize: 100, orderByPrice: 'asc' })).data.pageData as Array<{
      recoveryPrice: number;
    }>;
    expect(picker.length).toBeGreaterThan(0);
    expect(picker.every((i) => i.recoveryPrice >= 200 && i.recoveryPrice <= 5_000_000)).toBe(true);

    // A dream is priced with the new return rate and refused outside the new bounds.
    const [target] = await queryRows<{ id: unknown }>(
      db(),
      sql`UPDATE items SET recovery_price_fen = 10000 WHERE id = (SELECT max(id) FROM items) RETURNING id`,
    );
    const targetId = toInt(target!.id);
    const fee = dreamFee(10_000, 25_000, 8_000);
    expect(fee).not.toBe(dreamFee(10_000, 25_000, 9_500));
    const p = await player(fee);
    const start = (probability: number, quantity: number) =>
      call(t.app, 'POST', '/api/upgrade/startUpgrade', { upgradeGiftId: targetId, probability, vouchers: '', quantity }, p.token);
    expect(await start(60_000, fee)).toEqual(refused('DREAM_PROBABILITY_OUT_OF_RANGE'));
    const dream = await start(25_000, fee);
    expect(dream.status).toBe(0);
    expect(dream.data.dreamFee).toBe(fee);
    expect(await wallet(p)).toEqual({ coins: 0, points: 0 });
    const [roll] = await queryRows<{ return_rate_bp: unknown }>(
      db(),
      sql`SELECT return_rate_bp FROM rolls WHERE id = ${dream.data.verifyId}`,
    );
    expect(toInt(roll!.return_rate_bp)).toBe(8_000);
    await expectBooksBalanced(db());

    // Back to the environment's values.
    expect((await as(op, 'POST', `${A}/dream`, defaults)).status).toBe(0);
    expect((await call(t.app, 'GET', '/api/upgrade/getUpgradeConfig')).data.returnRateBp).toBe(9_500);
  });

  it('another node’s save is read once this node’s copy is older than the TTL', async () => {
    const ctx = { db: db(), config: t.config };
    const now = Date.now();
    const seen = await currentDreamSettings(ctx, now);
    // Written the way another node writes it: straight to site_settings, without this node's invalidation.
    await runInTransaction(db(), ({ tx }) => saveDreamSettings(tx, { ...seen, returnRateBp: 9_000 }));
    expect((await currentDreamSettings(ctx, now + 1)).returnRateBp).toBe(seen.returnRateBp);
    expect((await currentDreamSettings(ctx, now + DREAM_SETTINGS_TTL_MS)).returnRateBp).toBe(9_000);
    await runInTransaction(db(), ({ tx }) => saveDreamSettings(tx, seen));
    forgetDreamSettings(db());
  });

  it('refuses values outside the environment’s bounds or with min above max, in Chinese, and saves nothing', async () => {
    const op = await operations();
    const before = (await as(op, 'GET', `${A}/dream`)).data;
    const audits = await auditCount();
    const bad = [
      { ...defaults, minProbability: 80_000 },
      { ...defaults, minTargetPriceFen: 20_000_000 },
      { ...defaults, returnRateBp: 999 },
      { ...defaults, returnRateBp: 10_001 },
      { ...defaults, maxProbability: 100_001 },
      { ...defaults, minProbability: 0 },
      { ...defaults, maxTargetPriceFen: 1_000_000_001 },
      { ...defaults, returnRateBp: 9_500.5 },
      { ...defaults, returnRateBp: undefined },
      { ...defaults, extra: 1 },
    ];
    for (const params of bad) {
      const res = await as(op, 'POST', `${A}/dream`, params);
      expect(res.status, JSON.stringify(params)).toBe(errorStatus('PARAM_INVALID'));
      expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await as(op, 'POST', `${A}/dream`, { ...defaults, minProbability: 80_000 })).msg).toContain('最低成功概率不能高于最高成功概率');
    expect((await as(op, 'GET', `${A}/dream`)).data).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });
});
