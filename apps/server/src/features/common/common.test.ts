import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { writeSetting } from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const get = async (url: string, headers: Record<string, string> = {}) => (await t.app.inject({ method: 'GET', url, headers })).json();

describe('sysConfig', () => {
  it('gives the client its switches and boot values', async () => {
    const res = await get('/api/common/sysConfig');
    expect(res.status).toBe(0);
    expect(res.data).toMatchObject({
      switchBalanceType: false,
      showPublicText: true,
      imageHost: '/img',
      wsPath: '/ws',
      firstDepositBonusPercent: 20,
      minimumAge: 18,
      beaconSource: 'local',
    });
    expect(res.data.publicText).toMatch(/18/);
  });

  it('reads the operator settings from the database', async () => {
    await writeSetting(t.database.db, 'switchBalanceType', true);
    await writeSetting(t.database.db, 'showPublicText', false);
    expect((await get('/api/common/sysConfig')).data).toMatchObject({ switchBalanceType: true, showPublicText: false });
  });

  it('ignores a stored value of the wrong type', async () => {
    await writeSetting(t.database.db, 'firstDepositBonusPercent', 'lots');
    expect((await get('/api/common/sysConfig')).data.firstDepositBonusPercent).toBe(20);
  });
});

describe('language list', () => {
  it('lists Chinese first, English second, and marks right-to-left scripts', async () => {
    const list = (await get('/api/common/getLanguageList')).data as Array<{ code: string; rtl: boolean; available: boolean }>;
    expect(list.slice(0, 2).map((l) => l.code)).toEqual(['zh-CN', 'en-US']);
    expect(list.filter((l) => l.available).map((l) => l.code)).toEqual(['zh-CN', 'en-US']);
    expect(
      list
        .filter((l) => l.rtl)
        .map((l) => l.code.slice(0, 2))
        .sort(),
    ).toEqual(['ar', 'fa', 'he', 'ku']);
  });
});

describe('web app fallback', () => {
  it('tells the operator when the web app has not been built', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/home' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toMatch(/npm run build/);
  });

  it('redirects catalogue images it does not hold to the image upstream', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/img/images/abc123.webp' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://cdn.cstrike.app/images/abc123.webp');
  });
});
