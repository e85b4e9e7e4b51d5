import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorStatus, PUBLIC_TEXT_MAX } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../../testing/test-app.js';
import { sql } from 'drizzle-orm';
import { call, registerUser } from '../../../testing/auth-helpers.js';
import { queryRows } from '../../../platform/db/rows.js';
import { adminCall, givenOperator } from '../../../testing/operators.js';
import { promotionsConsole } from '../../../testing/promotions-console.js';
import { LEGACY_PUBLIC_TEXT } from '../defaults.js';
import { ensureDefaultSettings } from '../service.js';
import { writeSetting } from '../repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const { db, auditCount, auditRows } = promotionsConsole(() => t);
const S = '/api/admin/settings/site';
const sysConfig = async () => (await call(t.app, 'GET', '/api/common/sysConfig')).data;

describe('the site switches and the public notice in the console (issue 27 §5)', () => {
  it('saves switchBalanceType, showPublicText and publicText; sysConfig answers with them at once', async () => {
    const editor = await givenOperator(t.app, db(), 'content');
    const ops = await givenOperator(t.app, db(), 'operations');
    const save = (p: Record<string, unknown>, token = editor.token) =>
      adminCall(
        t.app,
        'POST',
        S,
        { switchBalanceType: false, showPublicText: true, publicText: '公告', reason: '更新公告', ...p },
        { adminToken: token },
      );

    const audits = await auditCount();
    for (const bad of [
      { publicText: 'x'.repeat(PUBLIC_TEXT_MAX + 1) },
      { showPublicText: true, publicText: '  ' },
      { switchBalanceType: 'maybe' },
      { reason: '' },
    ])
      expect((await save(bad)).status, JSON.stringify(bad)).toBe(errorStatus('PARAM_INVALID'));
    expect((await save({}, ops.token)).status).toBe(errorStatus('ADMIN_FORBIDDEN'));
    expect(await auditCount()).toBe(audits);

    const text = '首充加赠 {firstDepositPercent}%，仅限今日';
    expect((await save({ switchBalanceType: true, publicText: text })).data).toEqual({
      switchBalanceType: true,
      showPublicText: true,
      publicText: text,
    });
    expect(await sysConfig()).toMatchObject({ switchBalanceType: true, showPublicText: true, publicText: '首充加赠 20%，仅限今日' });
    const [row] = (await auditRows('site.switches')).slice(-1);
    expect(row).toMatchObject({
      before: { switchBalanceType: false },
      after: { switchBalanceType: true, publicText: text, reason: '更新公告' },
    });

    // The notice shows the first-deposit percent in force: a rate change needs no new notice.
    await writeSetting(db(), 'firstDepositBonusPercent', 35);
    expect((await sysConfig()).publicText).toBe('首充加赠 35%，仅限今日');
    expect((await save({ showPublicText: false, publicText: '' })).status).toBe(0);
    expect(await sysConfig()).toMatchObject({ showPublicText: false, publicText: '' });
    await writeSetting(db(), 'firstDepositBonusPercent', 20);
  });

  it('the seeded notice, the welcome notice and message state the configured first-deposit percent, not a literal 20 %', async () => {
    await writeSetting(db(), 'publicText', LEGACY_PUBLIC_TEXT);
    await ensureDefaultSettings(db());
    await writeSetting(db(), 'showPublicText', true);
    await writeSetting(db(), 'firstDepositBonusPercent', 45);
    expect((await sysConfig()).publicText).toContain('额外赠送 45%');
    const notices = (await call(t.app, 'GET', '/api/common/notice', { topN: 10 })).data as Array<{ key: string; content: string }>;
    expect(notices.find((n) => n.key === 'welcome')!.content).toContain('额外赠送 45%');
    const banners = (await call(t.app, 'GET', '/api/common/bannerList')).data as Array<{ title: string }>;
    expect(banners.map((b) => b.title)).toContain('首次充值加赠 45%');
    const signedUp = await registerUser(t.app, db());
    const welcome = await queryRows<{ content: string }>(db(), sql`SELECT content FROM messages WHERE user_id = ${signedUp.userId}`);
    expect(welcome.some((m) => m.content.includes('首次充值可额外获得 45% 奖励'))).toBe(true);
    await writeSetting(db(), 'firstDepositBonusPercent', 20);
  });
});
