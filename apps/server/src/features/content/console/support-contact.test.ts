import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorStatus, isPlaceholderContact } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../../testing/test-app.js';
import { call } from '../../../testing/auth-helpers.js';
import { adminCall, givenOperator } from '../../../testing/operators.js';
import { promotionsConsole } from '../../../testing/promotions-console.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const { db, auditCount, auditRows } = promotionsConsole(() => t);
const S = '/api/admin/settings/support';
const good = {
  email: 'kefu@skinfair.cn',
  chatUrl: 'https://chat.skinfair.cn/room',
  hoursZh: '每天 9:00–21:00',
  hoursEn: 'Daily 9:00–21:00',
  replyWithinHours: 12,
};

describe('the customer-service details in the console (issue 27 §5, §6)', () => {
  it('knows example addresses from real ones', () => {
    for (const v of [
      'support@skinfair.example',
      'a@example.com',
      'x@mail.example.org',
      'help@site.test',
      'https://chat.example.net/x',
      'https://localhost/chat',
    ])
      expect(isPlaceholderContact(v), v).toBe(true);
    for (const v of ['kefu@skinfair.cn', 'support@examples.com', 'https://chat.skinfair.cn/room', 'not a url'])
      expect(isPlaceholderContact(v), v).toBe(false);
  });

  it('shows the dashboard’s red warning while the contact is an example one; a save fixes it and reaches /docs/support at once', async () => {
    const editor = await givenOperator(t.app, db(), 'content');
    const ops = await givenOperator(t.app, db(), 'operations');
    const admin = await givenOperator(t.app, db(), 'admin');
    const dashboard = async () =>
      (await adminCall(t.app, 'GET', '/api/admin/dashboard', { days: 1 }, { adminToken: admin.token })).data.warnings;
    const save = (p: Record<string, unknown>, token = editor.token) =>
      adminCall(t.app, 'POST', S, { ...good, reason: '更新客服信息', ...p }, { adminToken: token });

    // The test environment keeps SUPPORT_EMAIL's default, support@skinfair.example.
    expect(await dashboard()).toEqual(['supportContact']);
    expect((await adminCall(t.app, 'GET', S, {}, { adminToken: ops.token })).data).toMatchObject({
      email: 'support@skinfair.example',
      saved: false,
      placeholder: true,
    });

    const audits = await auditCount();
    for (const bad of [
      { email: 'not-an-email' },
      { email: `${'a'.repeat(120)}@x.cn` },
      { chatUrl: 'http://chat.skinfair.cn' },
      { chatUrl: 'javascript:alert(1)' },
      { hoursZh: '' },
      { hoursEn: 'x'.repeat(81) },
      { replyWithinHours: 0 },
      { replyWithinHours: 169 },
    ])
      expect((await save(bad)).status, JSON.stringify(bad)).toBe(errorStatus('PARAM_INVALID'));
    expect((await save({}, ops.token)).status).toBe(errorStatus('ADMIN_FORBIDDEN'));
    expect(await auditCount()).toBe(audits);

    expect((await save({})).data).toEqual({ ...good, saved: true, placeholder: false });
    expect(await dashboard()).toEqual([]);
    const zh = (await call(t.app, 'GET', '/api/common/customerService')).data;
    expect(zh).toEqual({ email: good.email, hours: good.hoursZh, replyWithinHours: 12, chatUrl: good.chatUrl, documentKey: 'support' });
    const [row] = (await auditRows('support.contact')).slice(-1);
    expect(row).toMatchObject({ before: { email: 'support@skinfair.example' }, after: { email: good.email, reason: '更新客服信息' } });

    // An example chat link is as bad as an example address; '' removes the link.
    expect((await save({ chatUrl: 'https://chat.example.com/room' })).data.placeholder).toBe(true);
    expect(await dashboard()).toEqual(['supportContact']);
    expect((await save({ chatUrl: '' })).data).toMatchObject({ chatUrl: null, placeholder: false });
    expect(await dashboard()).toEqual([]);
  });
});
