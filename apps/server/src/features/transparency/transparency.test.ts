import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dreamFee } from '@skinfair/fairness';
import { errorStatus } from '@skinfair/contract';
import { expectBooksBalanced } from '../../testing/factories.js';
import { call } from '../../testing/auth-helpers.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { publicCache } from './service.js';
import { t, db, player, fresh, game, gamesAllWindows, boxId, boxPrice, declaredOfBox, open, age } from './transparency-fixture.js';

/**
 * Public transparency (issue 18, decision 0044), through HTTP as a guest. Plays go through the real paths
 * (openCase, battles with the draw, startUpgrade, withdrawals with the fulfilment job); the windows are
 * tested by moving records' times back, the way time would. Each figure is compared with sums taken from
 * the records and the API answers of the plays themselves.
 */

describe('box openings', () => {
  it('realises, per window, exactly what the openings credited for what the ledger took, against the declared return', async () => {
    const p = await player(10_000_000);
    const old = await open(p, 3);
    await age('rolls', 40);
    const month = await open(p, 4);
    await age('rolls', 2);
    const today = await open(p, 5);
    // No coupons: the ledger took the list price of each opening.
    for (const o of [old, month, today]) expect(o.paid).toBe(o.n * boxPrice);

    const w = await gamesAllWindows();
    const expectBox = (g: Record<string, unknown>, parts: Array<typeof old>) => {
      const won = parts.reduce((s, o) => s + o.won, 0);
      const n = parts.reduce((s, o) => s + o.n, 0);
      expect(g).toMatchObject({ plays: n, wonFen: won, stakeFen: n * boxPrice });
      expect(g.realisedReturn as number).toBeCloseTo(won / (n * boxPrice), 6);
    };
    expectBox(game(w['24h'], 'box'), [today]);
    expectBox(game(w['30d'], 'box'), [month, today]);
    expectBox(game(w.all, 'box'), [old, month, today]);

    // The declared return is the box's (decision 0033), with the 95 % band around it.
    const page = await declaredOfBox();
    const g = game(w.all, 'box');
    expect(g.declaredReturn).toBeCloseTo(page.declaredReturn, 6);
    const se = (page.openingSd as number) / Math.sqrt(12);
    expect((g.band95 as { high: number }).high).toBeCloseTo(page.declaredReturn + 1.96 * se, 5);

    const boxes = await fresh('/api/transparency/boxes', { window: '30d', pageSize: 100 });
    const row = boxes.pageData.find((b: { boxId: number }) => b.boxId === boxId);
    expect(row).toMatchObject({ plays: 9, wonFen: month.won + today.won, priceFen: boxPrice });
    expect(row.declaredReturn).toBeCloseTo(page.declaredReturn, 6);
    // Boxes nobody opened are listed with what their odds declare and no realised figure.
    const other = boxes.pageData.find((b: { boxId: number; plays: number }) => b.boxId !== boxId);
    expect(other).toMatchObject({ plays: 0, realisedReturn: null, band95: null });
    expect(other.declaredReturn).toBeGreaterThan(0);
    expect(boxes).toMatchObject({ window: '30d', page: 1, totalRows: boxes.pageData.length });
    await expectBooksBalanced(db());
  });
});

describe('dreams', () => {
  it('declares each dream’s p·T/F and realises the targets won over the fees, per window', async () => {
    const [item] = await queryRows<{ id: unknown }>(
      db(),
      sql`UPDATE items SET recovery_price_fen = 100000 WHERE id = (SELECT id FROM items ORDER BY id DESC LIMIT 1) RETURNING id`,
    );
    const target = toInt(item!.id);
    const cfg = (await call(t.app, 'GET', '/api/upgrade/getUpgradeConfig')).data;
    const rate = cfg.returnRateBp as number;
    const p = await player(10_000_000);
    const dream = async (probability: number) => {
      const fee = dreamFee(100_000, probability, rate);
      const res = await call(
        t.app,
        'POST',
        '/api/upgrade/startUpgrade',
        { upgradeGiftId: target, probability, quantity: fee, vouchers: '' },
        p.token,
      );
      expect(res.status, res.msg).toBe(0);
      const [row] = await queryRows<{ won: boolean; fee_fen: unknown }>(
        db(),
        sql`SELECT won, fee_fen FROM dreams WHERE user_id = ${p.userId} ORDER BY id DESC LIMIT 1`,
      );
      return { probability, fee: toInt(row!.fee_fen), won: row!.won };
    };
    // Probabilities inside the configured bounds, spread over them.
    const lo = cfg.minProbability as number;
    const hi = cfg.maxProbability as number;
    const at = (f: number) => Math.round(lo + (hi - lo) * f);
    const old = [await dream(at(0.5)), await dream(at(0.2))];
    await age('dreams', 40);
    const recent = [await dream(at(0.5)), await dream(at(0.9)), await dream(at(0.3))];
    const w = await gamesAllWindows();
    const expectDreams = (g: Record<string, unknown>, list: typeof old) => {
      const n = list.length;
      const won = list.filter((d) => d.won).length * 100_000;
      const mean = list.reduce((s, d) => s + ((d.probability / 100_000) * 100_000) / d.fee, 0) / n;
      const variance = list.reduce((s, d) => s + (d.probability / 100_000) * (1 - d.probability / 100_000) * (100_000 / d.fee) ** 2, 0) / n;
      expect(g).toMatchObject({ plays: n, wonFen: won, stakeFen: list.reduce((s, d) => s + d.fee, 0) });
      expect(g.realisedReturn as number).toBeCloseTo(list.reduce((s, d) => s + (d.won ? 100_000 / d.fee : 0), 0) / n, 5);
      expect(g.declaredReturn as number).toBeCloseTo(mean, 5);
      expect(g.playSd as number).toBeCloseTo(Math.sqrt(variance), 5);
      // The fee is priced from the configured return rate: the declared return is that rate, to the fen.
      expect(g.declaredReturn as number).toBeCloseTo(rate / 10_000, 3);
    };
    // The other tests' dreams: none (this file makes dreams only here).
    expectDreams(game(w['24h'], 'dream'), recent);
    expectDreams(game(w['30d'], 'dream'), recent);
    expectDreams(game(w.all, 'dream'), [...old, ...recent]);
    await expectBooksBalanced(db());
  });
});

describe('the public routes', () => {
  it('answer guests, and refuse a bad window, page or unknown value in Chinese without a 500', async () => {
    for (const [url, params] of [
      ['/api/transparency/games', { window: '7d' }],
      ['/api/transparency/games', { window: '' }],
      ['/api/transparency/boxes', { window: 'year' }],
      ['/api/transparency/boxes', { page: 0 }],
      ['/api/transparency/boxes', { page: 'x' }],
      ['/api/transparency/boxes', { page: 1_000_001 }],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, query: params as Record<string, string> });
      expect(res.statusCode, url).toBeLessThan(500);
      const body = res.json();
      expect(body.status, JSON.stringify(params)).toBe(errorStatus('PARAM_INVALID'));
      expect(body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    const big = await call(t.app, 'GET', '/api/transparency/boxes', { pageSize: 10_000 });
    expect(big.data.pageSize).toBe(100);
    for (const url of ['/api/transparency/withdrawals', '/api/transparency/bots', '/api/transparency/games']) {
      expect((await call(t.app, 'GET', url)).status, url).toBe(0);
    }
  });

  it('reuse an answer for a minute per window, then compute it again', async () => {
    const first = await call(t.app, 'GET', '/api/transparency/games', { window: 'all' });
    await open(await player(100_000), 1);
    const again = await call(t.app, 'GET', '/api/transparency/games', { window: 'all' });
    expect(again.data).toEqual(first.data);
    const now = await fresh('/api/transparency/games', { window: 'all' });
    expect(game(now, 'box').plays).toBe((game(first.data, 'box').plays as number) + 1);

    let clock = 1_000_000;
    let computed = 0;
    const cache = publicCache<number>(60_000, () => clock);
    const get = (key: string) => cache(key, async () => ++computed);
    expect(await get('24h')).toBe(1);
    expect(await get('24h')).toBe(1);
    expect(await get('30d')).toBe(2);
    clock += 59_999;
    expect(await get('24h')).toBe(1);
    clock += 1;
    expect(await get('24h')).toBe(3);
    // A failure is not kept.
    const failing = publicCache<number>(60_000, () => clock);
    await expect(failing('x', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await failing('x', async () => 7)).toBe(7);
  });
});
