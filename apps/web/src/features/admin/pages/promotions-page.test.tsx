import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AdminGoldenCode, type AdminVoucher, type VipGradeRow } from '@skinfair/contract';
import { callsTo, refuse, stubApi } from '../../../test/render';
import { meAs, page, renderAdmin } from '../testing';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const who = { id: 7, name: 'promoter' };

const code: AdminGoldenCode = {
  id: 11,
  code: 'SPRING2026',
  rewardType: 'coin',
  amountFen: 888,
  itemId: null,
  itemName: null,
  boxId: null,
  boxName: null,
  couponType: null,
  discountBp: null,
  minSpendFen: null,
  maxDiscountFen: null,
  maxUses: 100,
  usedCount: 3,
  expiresAt: '2026-12-25T08:00:00.000Z',
  createdAt: '2026-11-25T08:00:00.000Z',
  disabledAt: null,
  note: '双十一',
  state: 'live',
};
const packet: AdminVoucher = {
  id: 501,
  userId: 100_001,
  voucherType: 0,
  couponType: null,
  name: '补偿红包',
  rewardFen: 500,
  discountBp: 0,
  minSpendFen: 0,
  maxDiscountFen: null,
  state: 0,
  source: 'operator',
  expiresAt: '2026-12-01T08:00:00.000Z',
  usedAt: null,
  createdAt: '2026-11-25T08:00:00.000Z',
};
const ladder: VipGradeRow[] = [
  {
    grade: 0,
    name: '青铜',
    expMin: 0,
    levelRewardFen: 0,
    levelPointsFen: 0,
    redPacketFen: 0,
    freeBoxes: 0,
    rechargeBonusBp: 0,
    rebateBoostBp: 0,
  },
  {
    grade: 1,
    name: '白银',
    expMin: 10_000,
    levelRewardFen: 200,
    levelPointsFen: 500,
    redPacketFen: 0,
    freeBoxes: 1,
    rechargeBonusBp: 0,
    rebateBoostBp: 0,
  },
  {
    grade: 2,
    name: '黄金',
    expMin: 50_000,
    levelRewardFen: 800,
    levelPointsFen: 1_000,
    redPacketFen: 376,
    freeBoxes: 1,
    rechargeBonusBp: 50,
    rebateBoostBp: 10,
  },
];

const renderAt = (path: string) => renderAdmin(path, { token: 'op_whole' });

describe('the promotions screen', () => {
  it('lists Golden Codes with usage, filters them, creates one, disables one and shows who redeemed', async () => {
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('operations', who),
      '/api/admin/promotions/goldenCodes': () => page([code], 2),
      '/api/admin/promotions/goldenCodes/create': (p) => ({
        ...code,
        id: 12,
        code: p.get('code')!.toUpperCase(),
        usedCount: 0,
      }),
      '/api/admin/promotions/goldenCodes/disabled': () => ({
        ...code,
        state: 'disabled',
        disabledAt: '2026-11-25T09:00:00.000Z',
      }),
      '/api/admin/promotions/goldenCodes/redemptions': () =>
        page([{ id: 1, userId: 100_002, nickname: '玩家甲', createdAt: '2026-11-25T08:30:00.000Z' }]),
    });
    renderAt('/admin/promotions');
    const row = (await screen.findByText('SPRING2026')).closest('tr')!;
    expect(within(row).getByText('3/100')).toBeTruthy();
    expect(within(row).getByText('生效中')).toBeTruthy();
    expect(within(row).getByText(/金币 .*8\.88/)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Golden Code' }).getAttribute('aria-selected')).toBe('true');

    fireEvent.change(screen.getByLabelText('搜索 Golden Code'), { target: { value: 'spring-2' } });
    fireEvent.change(screen.getByLabelText('状态'), { target: { value: 'disabled' } });
    fireEvent.change(screen.getByLabelText('奖励类型'), { target: { value: 'coupon' } });
    await waitFor(() => {
      const last = callsTo(fetchFn, '/api/admin/promotions/goldenCodes').at(-1)!;
      expect([last.get('q'), last.get('state'), last.get('rewardType'), last.get('page')]).toEqual(['spring2', 'disabled', 'coupon', '1']);
    });

    fireEvent.click(screen.getByRole('button', { name: '新建 Golden Code' }));
    const dialog = await screen.findByRole('dialog', { name: '新建 Golden Code' });
    fireEvent.change(within(dialog).getByLabelText(/Golden Code（/), { target: { value: 'winter2026' } });
    fireEvent.change(within(dialog).getByLabelText('金币（元）'), { target: { value: '12.34' } });
    fireEvent.change(within(dialog).getByLabelText(/可领次数/), { target: { value: '50' } });
    fireEvent.change(within(dialog).getByLabelText('有效天数'), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '创建' }));
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/promotions/goldenCodes/create')).toHaveLength(1));
    const sent = callsTo(fetchFn, '/api/admin/promotions/goldenCodes/create')[0]!;
    expect(Object.fromEntries(sent)).toEqual({
      code: 'winter2026',
      rewardType: 'coin',
      amountFen: '1234',
      maxUses: '50',
      days: '30',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新建 Golden Code' })).toBeNull());

    fireEvent.click(
      within((await screen.findByText('SPRING2026')).closest('tr')!).getByRole('button', {
        name: '停用 SPRING2026',
      }),
    );
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/promotions/goldenCodes/disabled')).toHaveLength(1));
    const off = callsTo(fetchFn, '/api/admin/promotions/goldenCodes/disabled')[0]!;
    expect([off.get('id'), off.get('disabled')]).toEqual(['11', 'true']);

    fireEvent.click(within(screen.getByText('SPRING2026').closest('tr')!).getByRole('button', { name: '领取记录' }));
    const usage = await screen.findByRole('region', { name: 'SPRING2026 的领取记录' });
    expect(await within(usage).findByText('玩家甲')).toBeTruthy();
    expect(within(usage).getByText('100002')).toBeTruthy();
    expect(callsTo(fetchFn, '/api/admin/promotions/goldenCodes/redemptions')[0]!.get('id')).toBe('11');
  });

  it('shows a read-only role no controls that change anything', async () => {
    stubApi({
      '/api/admin/me': () => meAs('content', who),
      '/api/admin/promotions/goldenCodes': () => page([code]),
      '/api/admin/promotions/vouchers': () => page([packet]),
    });
    renderAt('/admin/promotions');
    await screen.findByText('SPRING2026');
    expect(screen.getByText(/只读/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新建 Golden Code' })).toBeNull();
    expect(screen.queryByRole('button', { name: '停用 SPRING2026' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '红包' }));
    await screen.findByText('补偿红包');
    expect(screen.queryByRole('button', { name: '发放红包' })).toBeNull();
    expect(screen.queryByRole('button', { name: '撤回 #501' })).toBeNull();
  });

  it('issues a red packet in yuan with a reason and revokes one', async () => {
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('operations', who),
      '/api/admin/promotions/vouchers': () => page([packet]),
      '/api/admin/promotions/redPackets/issue': () => ({ ...packet, id: 502 }),
      '/api/admin/promotions/redPackets/revoke': () => ({ ...packet, state: 2 }),
    });
    renderAt('/admin/promotions?tab=redPackets');
    const row = (await screen.findByText('补偿红包')).closest('tr')!;
    expect(within(row).getByText('后台发放')).toBeTruthy();
    expect(callsTo(fetchFn, '/api/admin/promotions/vouchers')[0]!.get('voucherType')).toBe('0');

    fireEvent.click(screen.getByRole('button', { name: '发放红包' }));
    const dialog = await screen.findByRole('dialog', { name: '向玩家发放红包' });
    const confirm = within(dialog).getByRole('button', { name: '发放红包' }) as HTMLButtonElement;
    fireEvent.change(within(dialog).getByLabelText('玩家ID'), { target: { value: '100001' } });
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '活动红包' } });
    fireEvent.change(within(dialog).getByLabelText('红包金额（元）'), { target: { value: '5.5' } });
    fireEvent.change(within(dialog).getByLabelText(/原因/), { target: { value: '活动补偿' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/promotions/redPackets/issue')).toHaveLength(1));
    expect(Object.fromEntries(callsTo(fetchFn, '/api/admin/promotions/redPackets/issue')[0]!)).toEqual({
      userId: '100001',
      name: '活动红包',
      rewardFen: '550',
      days: '7',
      reason: '活动补偿',
    });

    fireEvent.click(within(row).getByRole('button', { name: '撤回 #501' }));
    const revoke = await screen.findByRole('dialog', { name: '撤回 #501「补偿红包」' });
    fireEvent.change(within(revoke).getByLabelText(/原因/), { target: { value: '发错了' } });
    fireEvent.click(within(revoke).getByRole('button', { name: '撤回' }));
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/promotions/redPackets/revoke')).toHaveLength(1));
    expect(Object.fromEntries(callsTo(fetchFn, '/api/admin/promotions/redPackets/revoke')[0]!)).toEqual({
      id: '501',
      reason: '发错了',
    });
  });

  it('lists coupons by kind and issues one with its discount, minimum spend and largest discount', async () => {
    const coupon: AdminVoucher = {
      ...packet,
      id: 601,
      voucherType: 1,
      couponType: 1,
      name: '开箱95折',
      rewardFen: 0,
      discountBp: 500,
      minSpendFen: 1_000,
    };
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('operations', who),
      '/api/admin/promotions/vouchers': () => page([coupon]),
      '/api/admin/promotions/coupons/issue': () => ({ ...coupon, id: 602 }),
    });
    renderAt('/admin/promotions?tab=coupons');
    const row = (await screen.findByText('开箱95折')).closest('tr')!;
    expect(within(row).getByText('开箱 · 减5%（满 ¥10）')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('券种'), { target: { value: '2' } });
    await waitFor(() => {
      const last = callsTo(fetchFn, '/api/admin/promotions/vouchers').at(-1)!;
      expect([last.get('voucherType'), last.get('couponType')]).toEqual(['1', '2']);
    });

    fireEvent.click(screen.getByRole('button', { name: '发放优惠券' }));
    const dialog = await screen.findByRole('dialog', { name: '向玩家发放优惠券' });
    fireEvent.change(within(dialog).getByLabelText('玩家ID'), { target: { value: '100001' } });
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '充值加赠券' } });
    fireEvent.change(within(dialog).getByLabelText('券种'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText(/折扣/), { target: { value: '800' } });
    fireEvent.change(within(dialog).getByLabelText(/最低消费/), { target: { value: '50' } });
    fireEvent.change(within(dialog).getByLabelText(/原因/), { target: { value: '客服补偿' } });
    // Issue 24 §11: without its largest discount the coupon cannot be issued.
    expect(within(dialog).getByRole('button', { name: '发放优惠券' })).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByLabelText('最高优惠（元）'), { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '发放优惠券' }));
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/promotions/coupons/issue')).toHaveLength(1));
    expect(Object.fromEntries(callsTo(fetchFn, '/api/admin/promotions/coupons/issue')[0]!)).toEqual({
      userId: '100001',
      name: '充值加赠券',
      couponType: '2',
      discountBp: '800',
      minSpendFen: '5000',
      maxDiscountFen: '2000',
      days: '7',
      reason: '客服补偿',
    });
  });

  it('edits the VIP ladder as a whole: refuses thresholds that do not rise, saves with a reason', async () => {
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('admin', who),
      '/api/admin/promotions/vipGrades': (_p, init) => (init?.method === 'POST' ? ladder : ladder),
    });
    renderAt('/admin/promotions?tab=vip');
    const threshold = (await screen.findByLabelText('等级 1 门槛（元）')) as HTMLInputElement;
    expect(threshold.value).toBe('100');
    const save = screen.getByRole('button', { name: '保存' }) as HTMLButtonElement;
    fireEvent.change(threshold, { target: { value: '600' } });
    expect((await screen.findByRole('alert')).textContent).toContain('严格递增');
    expect(save.disabled).toBe(true);
    fireEvent.change(threshold, { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('等级 1 升级奖励（元）'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('等级 1 升级积分（元）'), { target: { value: '7.5' } });
    fireEvent.change(screen.getByLabelText('等级 1 升级红包（元）'), { target: { value: '1.88' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(save);
    const dialog = await screen.findByRole('dialog', { name: '保存VIP 等级' });
    fireEvent.change(within(dialog).getByLabelText(/原因/), { target: { value: '降低白银门槛' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(fetchFn.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1));
    const sent = callsTo(fetchFn, '/api/admin/promotions/vipGrades').find((p) => p.has('grades'))!;
    expect(sent.get('reason')).toBe('降低白银门槛');
    expect(JSON.parse(sent.get('grades')!)[1]).toEqual({
      ...ladder[1],
      expMin: 5_000,
      levelRewardFen: 300,
      levelPointsFen: 750,
      redPacketFen: 188,
    });
  });

  it('sets the first-deposit rate within 0–100 and shows the server’s refusal', async () => {
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('operations', who),
      '/api/admin/promotions/firstDeposit': (p, init) =>
        init?.method === 'POST' ? refuse(1001, '参数错误 bonusPercent: 测试拒绝') : { bonusPercent: Number(p.get('bonusPercent') ?? 20) },
    });
    renderAt('/admin/promotions?tab=firstDeposit');
    expect(await screen.findByText('当前首充赠送比例：20%')).toBeTruthy();
    const input = screen.getByLabelText(/首充赠送比例（%/);
    const save = screen.getByRole('button', { name: '保存' }) as HTMLButtonElement;
    fireEvent.change(input, { target: { value: '101' } });
    expect(save.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '30' } });
    fireEvent.click(save);
    const dialog = await screen.findByRole('dialog', { name: '修改首充赠送比例为 30%' });
    fireEvent.change(within(dialog).getByLabelText(/原因/), { target: { value: '双十一活动' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(fetchFn.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1));
    const sent = callsTo(fetchFn, '/api/admin/promotions/firstDeposit').find((p) => p.has('reason'))!;
    expect([sent.get('bonusPercent'), sent.get('reason')]).toEqual(['30', '双十一活动']);
    expect(await screen.findByText(/测试拒绝/)).toBeTruthy();
  });
});
