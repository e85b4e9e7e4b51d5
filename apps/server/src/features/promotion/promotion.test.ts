import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../testing/factories.js';
import { call, registerUser } from '../../testing/auth-helpers.js';
import { deposit } from '../../testing/payment-helpers.js';
import { queryRows } from '../../platform/db/rows.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
async function player(secondaryFen = 0) {
  const user = await givenUser(db(), { secondaryFen });
  return { user, token: await givenSession(db(), user.id) };
}
const codeOf = async (userId: number) =>
  (await queryRows<{ invitation_code: string }>(db(), sql`SELECT invitation_code FROM users WHERE id = ${userId}`))[0]!.invitation_code;
const promo = async (token: string) => (await call(t.app, 'GET', '/api/promotion/getPromotionInfo', {}, token)).data;

describe('promotion', () => {
  it('gives every player a code and a link, level 1 at 1 %', async () => {
    const { user, token } = await player();
    const p = await promo(token);
    expect(p.invitationCode).toBe(await codeOf(user.id));
    expect(p.link).toBe(`http://localhost:8080/home?promoteCode=${p.invitationCode}`);
    expect(p).toMatchObject({
      promotionGrade: 1,
      promotionGradeName: '推广员',
      rebateRate: 100,
      nextPromotionExp: 500_000,
      accumulatedRegisterCount: 0,
      upInvitationCode: null,
      codeChangeable: true,
    });
  });

  it('pays the inviter a rebate into the secondary balance on each deposit of a verified invitee who signed up with the code', async () => {
    const inviter = await registerUser(t.app, db());
    const code = await codeOf(inviter.userId);
    const invitee = await registerUser(t.app, db(), { invitationCode: code });
    // Only a real-name-verified invitee earns rebates (docs/decisions/0016; the refusals have their own tests).
    await db().execute(sql`UPDATE users SET verified_at = now() WHERE id = ${invitee.userId}`);
    await deposit(t, invitee.token, 10_000);
    await deposit(t, invitee.token, 30_000);
    const p = await promo(inviter.token);
    expect(p).toMatchObject({ accumulatedRegisterCount: 1, accumulatedRechargeAmount: 40_000, accumulatedRebateAmount: 400 });
    const flows = (await call(t.app, 'GET', '/api/personalCenter/getMyBalanceLog', { actionType: 'promotion_rebate' }, inviter.token)).data;
    expect(flows.pageData.map((f: { balanceType: number; changeAmount: number }) => [f.balanceType, f.changeAmount])).toEqual([
      [2, 300],
      [2, 100],
    ]);
    expect((await promo(invitee.token)).upInvitationCode).toBe(code);
    await expectBooksBalanced(db());
  });

  it('binds an inviter once, never oneself, never in a cycle', async () => {
    const a = await player();
    const b = await player();
    const c = await player();
    expect(
      (await call(t.app, 'POST', '/api/personalCenter/bindInviter', { invitationCode: await codeOf(a.user.id) }, a.token)).status,
    ).toBe(5102);
    expect(
      (await call(t.app, 'POST', '/api/personalCenter/bindInviter', { invitationCode: await codeOf(a.user.id) }, b.token)).status,
    ).toBe(0);
    expect(
      (await call(t.app, 'POST', '/api/personalCenter/bindInviter', { invitationCode: await codeOf(b.user.id) }, c.token)).status,
    ).toBe(0);
    // a → b → c: a binding c would close the loop.
    expect(await call(t.app, 'POST', '/api/personalCenter/bindInviter', { invitationCode: await codeOf(c.user.id) }, a.token)).toEqual({
      status: 5103,
      msg: '不能绑定您邀请的用户',
      data: null,
    });
    expect(
      (await call(t.app, 'POST', '/api/personalCenter/bindInviter', { invitationCode: await codeOf(c.user.id) }, b.token)).status,
    ).toBe(5101);
    expect((await call(t.app, 'POST', '/api/personalCenter/bindInviter', { invitationCode: 'NOSUCH99' }, a.token)).status).toBe(3116);
    expect((await call(t.app, 'POST', '/api/personalCenter/bindInviter', { invitationCode: 'ab' }, a.token)).status).toBe(3005);
    expect((await promo(a.token)).accumulatedRegisterCount).toBe(1);
  });

  it('changes the code once, unique whatever the case, with the format rule', async () => {
    const a = await player();
    const b = await player();
    expect((await call(t.app, 'POST', '/api/promotion/modifyInvitationCode', { invitationCode: 'bad!' }, a.token)).status).toBe(3005);
    expect(
      (
        await call(
          t.app,
          'POST',
          '/api/promotion/modifyInvitationCode',
          { invitationCode: (await codeOf(b.user.id)).toLowerCase() },
          a.token,
        )
      ).status,
    ).toBe(5104);
    expect((await call(t.app, 'POST', '/api/promotion/modifyInvitationCode', { invitationCode: `Mine${a.user.id}` }, a.token)).status).toBe(
      0,
    );
    expect(await promo(a.token)).toMatchObject({ invitationCode: `MINE${a.user.id}`, codeChangeable: false });
    expect(
      (await call(t.app, 'POST', '/api/promotion/modifyInvitationCode', { invitationCode: `Again${a.user.id}` }, a.token)).status,
    ).toBe(5105);
  });

  it('lists the promotion channels and the default invitation code', async () => {
    const channels = (await call(t.app, 'GET', '/api/common/promotionChannelList')).data;
    expect(channels.map((c: { channelCode: string }) => c.channelCode)).toContain('bilibili');
    expect((await call(t.app, 'GET', '/api/common/getDefaultInvitationCode')).data).toBe('');
  });
});

describe('secondary balance transfer', () => {
  it('moves the secondary balance into coins 1:1 through the ledger, at least ¥1', async () => {
    const { token } = await player(5_000);
    expect(await call(t.app, 'POST', '/api/personalCenter/transferSecondary', { amount: 3_000 }, token)).toEqual({
      status: 0,
      msg: '',
      data: { balance: 3_000, secondaryBalance: 2_000 },
    });
    expect((await call(t.app, 'POST', '/api/personalCenter/transferSecondary', { amount: 2_001 }, token)).status).toBe(2001);
    expect((await call(t.app, 'POST', '/api/personalCenter/transferSecondary', { amount: 99 }, token)).status).toBe(1001);
    const flows = (await call(t.app, 'GET', '/api/personalCenter/getMyBalanceLog', { actionType: 'secondary_transfer' }, token)).data
      .pageData;
    expect(flows.map((f: { balanceType: number; changeAmount: number }) => [f.balanceType, f.changeAmount]).sort()).toEqual([
      [0, 3_000],
      [2, -3_000],
    ]);
    await expectBooksBalanced(db());
  });
});
