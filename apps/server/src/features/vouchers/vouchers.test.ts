import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { expectBooksBalanced } from '../../testing/factories.js';
import { call, registerUser } from '../../testing/auth-helpers.js';
import { grantVoucher } from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const P = '/api/personalCenter';
/** useRewardVoucher from the web app, which sends its device id (the welcome packet is once per device). */
const useOnDevice = async (ids: string, token: string, device = `test-device-${process.pid}-${Math.random().toString(36).slice(2, 12)}`) =>
  (
    await t.app.inject({
      method: 'POST',
      url: `${P}/useRewardVoucher`,
      headers: { token, 'device-id': device, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `rewardVoucherIds=${ids}`,
    })
  ).json();

describe('red packets and coupons', () => {
  it('gives a new player a red packet that redeems into coins once', async () => {
    const { token } = await registerUser(t.app, t.database.db);
    const page = (await call(t.app, 'GET', `${P}/getMyVoucherPage`, {}, token)).data;
    expect(page.pageData).toHaveLength(1);
    expect(page.pageData[0]).toMatchObject({ rewardVoucherType: 0, voucherName: '新人红包', amount: 188, state: 0 });
    expect(page.extData).toEqual({ totalCount: 1, totalPrice: 188 });
    const id = page.pageData[0].id;
    expect(await useOnDevice(String(id), token)).toEqual({ status: 0, msg: '', data: { quantity: 1, amount: 188, balance: 188 } });
    expect((await call(t.app, 'POST', `${P}/useRewardVoucher`, { rewardVoucherIds: String(id) }, token)).status).toBe(5301);
    expect((await call(t.app, 'GET', `${P}/getMyVoucherPage`, { stat: 1 }, token)).data.totalRows).toBe(1);
    const flows = (await call(t.app, 'GET', `${P}/getMyBalanceLog`, { actionType: 'red_packet' }, token)).data;
    expect(flows.pageData[0]).toMatchObject({ actionName: '红包', changeAmount: 188 });
    await expectBooksBalanced(t.database.db);
  });

  it('refuses another player’s, an expired and a coupon id, moving nothing', async () => {
    const a = await registerUser(t.app, t.database.db);
    const b = await registerUser(t.app, t.database.db);
    const aVoucher = (await call(t.app, 'GET', `${P}/getMyRewardPage`, {}, a.token)).data.pageData[0].id;
    const bVoucher = (await call(t.app, 'GET', `${P}/getMyRewardPage`, {}, b.token)).data.pageData[0].id;
    expect((await call(t.app, 'POST', `${P}/useRewardVoucher`, { rewardVoucherIds: `${aVoucher},${bVoucher}` }, a.token)).status).toBe(
      5301,
    );
    expect((await call(t.app, 'GET', `${P}/userInfo`, {}, a.token)).data.balance).toBe(0);
    await grantVoucher(t.database.db, {
      userId: a.userId,
      voucherType: 0,
      name: '过期红包',
      rewardFen: 500,
      source: 'test',
      expiresAt: new Date(Date.now() - 1000),
    });
    const expired = (await call(t.app, 'GET', `${P}/getMyVoucherPage`, { stat: 2 }, a.token)).data.pageData[0];
    expect(expired).toMatchObject({ voucherName: '过期红包', state: 2 });
    expect((await call(t.app, 'POST', `${P}/useRewardVoucher`, { rewardVoucherIds: String(expired.id) }, a.token)).status).toBe(5301);
    expect((await call(t.app, 'POST', `${P}/useRewardVoucher`, { rewardVoucherIds: 'x' }, a.token)).status).toBe(1001);
  });

  it('lists coupons by type', async () => {
    const { token, userId } = await registerUser(t.app, t.database.db);
    const soon = new Date(Date.now() + 86_400_000);
    await grantVoucher(t.database.db, {
      userId,
      voucherType: 1,
      couponType: 1,
      name: '开箱九五折',
      discountBp: 500,
      minSpendFen: 1_000,
      source: 'test',
      expiresAt: soon,
    });
    await grantVoucher(t.database.db, {
      userId,
      voucherType: 1,
      couponType: 2,
      name: '充值加赠',
      discountBp: 300,
      source: 'test',
      expiresAt: soon,
    });
    expect((await call(t.app, 'GET', `${P}/getMyCouponPage`, {}, token)).data.totalRows).toBe(2);
    const boxCoupons = (await call(t.app, 'GET', `${P}/getMyCoupons`, { couponType: 1 }, token)).data;
    expect(boxCoupons.map((c: { voucherName: string }) => c.voucherName)).toEqual(['开箱九五折']);
    const coupon = (await call(t.app, 'GET', `${P}/getMyCouponPage`, { couponType: 2 }, token)).data.pageData[0];
    expect((await call(t.app, 'POST', `${P}/useRewardVoucher`, { rewardVoucherIds: String(coupon.id) }, token)).status).toBe(5301);
  });
});

describe('coupons at checkout', () => {
  const soon = () => new Date(Date.now() + 86_400_000);
  async function funded() {
    const u = await registerUser(t.app, t.database.db);
    await call(t.app, 'POST', '/api/sandbox/credit', { amount: 100_000 }, u.token);
    return u;
  }
  const couponId = async (token: string, couponType: number) =>
    (await call(t.app, 'GET', `${P}/getMyCoupons`, { couponType }, token)).data[0].id as number;

  it('takes a box coupon off an opening once; below its minimum or of another type it is refused and kept', async () => {
    const { token, userId } = await funded();
    const price = (await call(t.app, 'GET', '/api/case/caseDetail', { caseId: 1 })).data.openPrice as number;
    await grantVoucher(t.database.db, {
      userId,
      voucherType: 1,
      couponType: 1,
      name: '开箱九折',
      discountBp: 1_000,
      minSpendFen: price * 2,
      source: 'test',
      expiresAt: soon(),
    });
    await grantVoucher(t.database.db, {
      userId,
      voucherType: 1,
      couponType: 0,
      name: '商城九折',
      discountBp: 1_000,
      source: 'test',
      expiresAt: soon(),
    });
    const boxCoupon = await couponId(token, 1);
    expect((await call(t.app, 'POST', '/api/case/openCase', { caseId: 1, number: 1, couponId: boxCoupon }, token)).status).toBe(5303);
    expect(
      (await call(t.app, 'POST', '/api/case/openCase', { caseId: 1, number: 2, couponId: await couponId(token, 0) }, token)).status,
    ).toBe(5302);
    const opened = await call(t.app, 'POST', '/api/case/openCase', { caseId: 1, number: 2, couponId: boxCoupon }, token);
    const discount = Math.floor((price * 2 * 1_000) / 10_000);
    expect(opened.data).toMatchObject({ amountPaid: price * 2 - discount, balance: 100_000 - price * 2 + discount });
    expect((await call(t.app, 'POST', '/api/case/openCase', { caseId: 1, number: 2, couponId: boxCoupon }, token)).status).toBe(5302);
    await expectBooksBalanced(t.database.db);
  });

  it('takes a shop coupon off a purchase', async () => {
    const { token, userId } = await funded();
    await grantVoucher(t.database.db, {
      userId,
      voucherType: 1,
      couponType: 0,
      name: '商城八折',
      discountBp: 2_000,
      source: 'test',
      expiresAt: soon(),
    });
    const item = (await call(t.app, 'GET', '/api/shop/page', { sort: 2, pageSize: 1 })).data.pageData[0];
    const bought = await call(t.app, 'POST', '/api/shop/buy', { id: item.id, quantity: 1, couponId: await couponId(token, 0) }, token);
    const discount = Math.floor((item.price * 2_000) / 10_000);
    expect(bought.data).toMatchObject({ amount: item.price - discount, balance: 100_000 - item.price + discount });
    await expectBooksBalanced(t.database.db);
  });
});
