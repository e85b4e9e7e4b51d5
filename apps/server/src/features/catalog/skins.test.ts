import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { call } from '../../testing/auth-helpers.js';
import { setBoxEnabled } from './repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

type Skin = {
  id: number;
  name: string;
  category: string;
  exterior: string | null;
  grade: number;
  referencePrice: number;
  recoveryPrice: number;
  rarity: string;
  rarityColor: string;
};
type Page = { page: number; pageSize: number; totalRows: number; totalPages: number; pageData: Skin[] };
type SkinBox = { boxId: number; boxName: string; weight: number; probability: number };

const page = async (params: Record<string, unknown>) => {
  const res = await call(t.app, 'GET', '/api/skin/page', params);
  expect(res.status).toBe(0);
  return res.data as Page;
};
const detail = (itemId: number) => call(t.app, 'GET', '/api/skin/detail', { itemId });

describe('skin catalogue (GET /api/skin/page)', () => {
  it('pages the whole catalogue, most valuable first, without repeating an item across pages', async () => {
    const first = await page({ page: 1, pageSize: 20 });
    const second = await page({ page: 2, pageSize: 20 });
    expect(first.totalRows).toBeGreaterThan(40);
    expect(first.totalPages).toBe(Math.ceil(first.totalRows / 20));
    expect(first.pageData).toHaveLength(20);
    const prices = [...first.pageData, ...second.pageData].map((s) => s.referencePrice);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const ids = new Set([...first.pageData, ...second.pageData].map((s) => s.id));
    expect(ids.size).toBe(40);
  });

  it('filters by type, exterior, grade and price range together', async () => {
    const res = await page({ category: 'rifle', exterior: 'FT', grade: 2, priceMin: 100, priceMax: 50_000, pageSize: 100, sort: 1 });
    expect(res.totalRows).toBeGreaterThan(0);
    for (const s of res.pageData) {
      expect(s).toMatchObject({ category: 'rifle', exterior: 'FT', grade: 2 });
      expect(s.referencePrice).toBeGreaterThanOrEqual(100);
      expect(s.referencePrice).toBeLessThanOrEqual(50_000);
    }
    const prices = res.pageData.map((s) => s.referencePrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('finds items by part of their name, treating % and _ as plain characters', async () => {
    const res = await page({ name: 'AK-47', pageSize: 50 });
    expect(res.totalRows).toBeGreaterThan(0);
    for (const s of res.pageData) expect(s.name).toContain('AK-47');
    expect((await page({ name: '%' })).totalRows).toBe(0);
  });

  it('gives each item its rarity colour', async () => {
    const covert = (await page({ category: 'knife', pageSize: 1 })).pageData[0]!;
    expect(covert.rarity).toBe('covert');
    expect(covert.rarityColor).toBe('#eb4b4b');
  });

  it('refuses an unknown type or a bad sort with a parameter error, not a failure', async () => {
    for (const params of [{ category: 'banana' }, { sort: 9 }, { priceMin: -5 }]) {
      const res = await call(t.app, 'GET', '/api/skin/page', params);
      expect(res.status).not.toBe(0);
      expect(res.status).not.toBe(500);
      expect(res.data).toBeNull();
    }
  });
});

describe('skin detail (GET /api/skin/detail)', () => {
  it("lists every box holding the item with the same chance the box's odds publish", async () => {
    const box = (await call(t.app, 'GET', '/api/case/caseDetail', { caseId: 1 })).data as {
      gifts: Array<{ giftId: number; weight: number }>;
    };
    const gift = box.gifts[0]!;
    const res = await detail(gift.giftId);
    expect(res.status).toBe(0);
    const inBox = (res.data.boxes as SkinBox[]).find((b) => b.boxId === 1)!;
    const expectedWeight = box.gifts.filter((g) => g.giftId === gift.giftId).reduce((s, g) => s + g.weight, 0);
    expect(inBox.weight).toBe(expectedWeight);
    expect(inBox.probability).toBeCloseTo(expectedWeight / 100_000, 10);
  });

  it("the chances of all of a box's items, read from their pages, add up to one", async () => {
    const box = (await call(t.app, 'GET', '/api/case/caseDetail', { caseId: 2 })).data as { gifts: Array<{ giftId: number }> };
    const itemIds = [...new Set(box.gifts.map((g) => g.giftId))];
    let weight = 0;
    let probability = 0;
    for (const id of itemIds) {
      const entry = ((await detail(id)).data.boxes as SkinBox[]).find((b) => b.boxId === 2)!;
      weight += entry.weight;
      probability += entry.probability;
    }
    expect(weight).toBe(100_000);
    expect(probability).toBeCloseTo(1, 9);
  });

  it('leaves out a box that is switched off', async () => {
    const box = (await call(t.app, 'GET', '/api/case/caseDetail', { caseId: 3 })).data as { gifts: Array<{ giftId: number }> };
    const itemId = box.gifts[0]!.giftId;
    expect(((await detail(itemId)).data.boxes as SkinBox[]).some((b) => b.boxId === 3)).toBe(true);
    await setBoxEnabled(t.database.db, 3, false);
    expect(((await detail(itemId)).data.boxes as SkinBox[]).some((b) => b.boxId === 3)).toBe(false);
    await setBoxEnabled(t.database.db, 3, true);
  });

  it('answers an unknown item with the not-found envelope', async () => {
    expect(await detail(999_999_999)).toEqual({ status: 1002, msg: '内容不存在', data: null });
    const bad = await call(t.app, 'GET', '/api/skin/detail', { itemId: 'x' });
    expect(bad.status).not.toBe(0);
    expect(bad.data).toBeNull();
  });
});
