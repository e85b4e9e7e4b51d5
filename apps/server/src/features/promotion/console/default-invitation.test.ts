import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorStatus } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../../testing/test-app.js';
import { call } from '../../../testing/auth-helpers.js';
import { adminCall, givenOperator } from '../../../testing/operators.js';
import { promotionsConsole } from '../../../testing/promotions-console.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const { db, P, player, auditCount, auditRows } = promotionsConsole(() => t);

describe('the default invitation code in the console (issue 27 §5)', () => {
  it('sets a player’s code as the sign-up default, refuses unknown or malformed codes, and clears it', async () => {
    const ops = await givenOperator(t.app, db(), 'operations');
    const content = await givenOperator(t.app, db(), 'content');
    const save = (invitationCode: string, token = ops.token) =>
      adminCall(t.app, 'POST', `${P}/defaultInvitation`, { invitationCode, reason: '渠道推广' }, { adminToken: token });
    const promoter = await player();
    const code = (await call(t.app, 'GET', '/api/promotion/getPromotionInfo', {}, promoter.token)).data.invitationCode as string;

    const audits = await auditCount();
    expect((await save('NOSUCH123')).status).toBe(errorStatus('INVITER_NOT_FOUND'));
    for (const bad of ['abc', 'has space1', 'x'.repeat(16)])
      expect((await save(bad)).status, bad).toBe(errorStatus('PROMOTION_CODE_FORMAT'));
    expect((await save(code, content.token)).status).toBe(errorStatus('ADMIN_FORBIDDEN'));
    expect(await auditCount()).toBe(audits);

    expect((await save(code.toLowerCase())).data).toEqual({ invitationCode: code });
    expect((await call(t.app, 'GET', '/api/common/getDefaultInvitationCode')).data).toBe(code);
    expect((await adminCall(t.app, 'GET', `${P}/defaultInvitation`, {}, { adminToken: content.token })).data).toEqual({
      invitationCode: code,
    });
    const [row] = (await auditRows('invitation.default')).slice(-1);
    expect(row).toMatchObject({ before: { invitationCode: '' }, after: { invitationCode: code, reason: '渠道推广' } });

    expect((await save('')).data).toEqual({ invitationCode: '' });
    expect((await save(code)).status).toBe(0);
    // The console's form leaves an empty field out: an absent code clears it too.
    expect((await adminCall(t.app, 'POST', `${P}/defaultInvitation`, { reason: '活动结束' }, { adminToken: ops.token })).data).toEqual({
      invitationCode: '',
    });
    expect((await call(t.app, 'GET', '/api/common/getDefaultInvitationCode')).data).toBe('');
  });
});
