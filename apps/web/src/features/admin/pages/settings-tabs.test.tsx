import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DailyTopUpTier, SupportContact } from '@skinfair/contract';
import { callsTo, refuse, stubApi } from '../../../test/render';
import { meAs, renderAdmin } from '../testing';

/** Issue 27 §5: the daily top-up tiers and default invitation code (Promotions), the site settings (Content). */
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const tiers: DailyTopUpTier[] = [
  { minDepositFen: 10_000, rewardFen: 200 },
  { minDepositFen: 50_000, rewardFen: 1_200 },
];
const support: SupportContact = {
  email: 'support@skinfair.example',
  chatUrl: null,
  hoursZh: '每天 10:00–22:00（北京时间）',
  hoursEn: 'Every day 10:00–22:00 (Beijing time)',
  replyWithinHours: 24,
  saved: false,
  placeholder: true,
};
const renderAt = (path: string) => renderAdmin(path, { token: 'op_whole' });
const posts = (fetchFn: ReturnType<typeof stubApi>) => fetchFn.mock.calls.filter(([, init]) => init?.method === 'POST');

async function confirmWithReason(title: string, reason: string) {
  const dialog = await screen.findByRole('dialog', { name: title });
  fireEvent.change(within(dialog).getByLabelText(/原因/), { target: { value: reason } });
  fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
}

describe('the site settings of the console', () => {
  it('edits the daily top-up tiers: refuses falling thresholds and large rewards, adds a tier, shows the server’s refusal', async () => {
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('operations'),
      '/api/admin/promotions/dailyTopUp': (_p, init) => (init?.method === 'POST' ? refuse(1001, '参数错误 tiers: 测试拒绝') : tiers),
    });
    renderAt('/admin/promotions?tab=dailyTopUp');
    const second = (await screen.findByLabelText('第 2 档 当日充值满（元）')) as HTMLInputElement;
    expect(second.value).toBe('500');
    const save = screen.getByRole('button', { name: '保存' }) as HTMLButtonElement;
    fireEvent.change(second, { target: { value: '80' } });
    expect((await screen.findByRole('alert')).textContent).toBe('充值门槛必须逐档严格递增');
    expect(save.disabled).toBe(true);
    fireEvent.change(second, { target: { value: '500' } });
    fireEvent.change(screen.getByLabelText('第 2 档 奖励（元）'), { target: { value: '60' } });
    expect(screen.getByRole('alert').textContent).toBe('每档奖励不能超过该档充值金额的10%');
    fireEvent.change(screen.getByLabelText('第 2 档 奖励（元）'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: '添加一档' }));
    expect(screen.getByRole('alert').textContent).toBe('请填写有效金额（元，最多两位小数）');
    fireEvent.change(screen.getByLabelText('第 3 档 当日充值满（元）'), { target: { value: '2000' } });
    fireEvent.change(screen.getByLabelText('第 3 档 奖励（元）'), { target: { value: '58.8' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(save);
    await confirmWithReason('保存每日充值奖励档位', '周末活动');
    await waitFor(() => expect(posts(fetchFn)).toHaveLength(1));
    const sent = callsTo(fetchFn, '/api/admin/promotions/dailyTopUp').find((p) => p.has('tiers'))!;
    expect(sent.get('reason')).toBe('周末活动');
    expect(JSON.parse(sent.get('tiers')!)).toEqual([...tiers, { minDepositFen: 200_000, rewardFen: 5_880 }]);
    expect(await screen.findByText(/测试拒绝/)).toBeTruthy();
  });

  it('shows the tiers read-only to a role without promotions.write', async () => {
    stubApi({ '/api/admin/me': () => meAs('content'), '/api/admin/promotions/dailyTopUp': () => tiers });
    renderAt('/admin/promotions?tab=dailyTopUp');
    expect(await screen.findByText('500')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('sets and clears the default invitation code; the server’s refusal of an unknown code is shown', async () => {
    let current = '';
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('operations'),
      '/api/admin/promotions/defaultInvitation': (p, init) => {
        if (init?.method !== 'POST') return { invitationCode: current };
        if (p.get('invitationCode') === 'NOSUCH1') return refuse(3116, '邀请码不存在');
        // The console leaves an empty field out of the form: absent clears the code.
        current = p.get('invitationCode') ?? '';
        return { invitationCode: current };
      },
    });
    renderAt('/admin/promotions?tab=invitation');
    expect(await screen.findByText('当前没有默认邀请码')).toBeTruthy();
    const input = screen.getByLabelText(/邀请码（6-15/);
    const save = screen.getByRole('button', { name: '保存' }) as HTMLButtonElement;
    fireEvent.change(input, { target: { value: 'ab!' } });
    expect(save.disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('邀请码为 6-15 位字母或数字');
    fireEvent.change(input, { target: { value: 'NOSUCH1' } });
    fireEvent.click(save);
    await confirmWithReason('将默认邀请码设为 NOSUCH1', '渠道推广');
    expect(await screen.findByText('邀请码不存在')).toBeTruthy();
    fireEvent.change(within(screen.getByRole('dialog')).getByLabelText(/原因/), { target: { value: '渠道推广' } });
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    fireEvent.change(input, { target: { value: 'PROMO88' } });
    fireEvent.click(save);
    await confirmWithReason('将默认邀请码设为 PROMO88', '渠道推广');
    expect(await screen.findByText('当前默认邀请码：PROMO88')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '清除' }));
    await confirmWithReason('清除默认邀请码', '活动结束');
    expect(await screen.findByText('当前没有默认邀请码')).toBeTruthy();
    expect(
      callsTo(fetchFn, '/api/admin/promotions/defaultInvitation')
        .filter((p) => p.has('reason'))
        .map((p) => p.get('invitationCode')),
    ).toEqual(['NOSUCH1', 'PROMO88', null]);
  });

  it('edits the site switches and the notice, and the customer-service details with their checks and the example-address warning', async () => {
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('content'),
      '/api/admin/settings/site': (p, init) =>
        init?.method === 'POST'
          ? {
              switchBalanceType: p.get('switchBalanceType') === 'true',
              showPublicText: p.get('showPublicText') === 'true',
              publicText: p.get('publicText'),
            }
          : { switchBalanceType: false, showPublicText: true, publicText: '首充加赠 {firstDepositPercent}%' },
      '/api/admin/settings/support': (p, init) =>
        init?.method === 'POST'
          ? { ...support, email: p.get('email')!, chatUrl: p.get('chatUrl') || null, saved: true, placeholder: false }
          : support,
    });
    renderAt('/admin/content?tab=site');
    const notice = (await screen.findByLabelText('站点公告（publicText）')) as HTMLTextAreaElement;
    expect(notice.value).toBe('首充加赠 {firstDepositPercent}%');
    fireEvent.change(notice, { target: { value: '  ' } });
    expect(screen.getByText('显示公告时请填写公告内容').getAttribute('role')).toBe('alert');
    fireEvent.change(notice, { target: { value: '双十一：首充加赠 {firstDepositPercent}%' } });
    fireEvent.click(screen.getByLabelText(/隐藏背包中的「兑换」选项/));
    const switches = screen.getByRole('region', { name: '站点开关与公告' });
    fireEvent.click(within(switches).getByRole('button', { name: '保存' }));
    await confirmWithReason('站点开关与公告', '双十一活动');
    await waitFor(() => expect(posts(fetchFn)).toHaveLength(1));
    const sent = callsTo(fetchFn, '/api/admin/settings/site').find((p) => p.has('reason'))!;
    expect(Object.fromEntries(sent)).toEqual({
      switchBalanceType: 'true',
      showPublicText: 'true',
      publicText: '双十一：首充加赠 {firstDepositPercent}%',
      reason: '双十一活动',
    });

    const contact = screen.getByRole('region', { name: '客服信息' });
    expect(within(contact).getByRole('alert').textContent).toContain('仍是示例地址');
    expect(within(contact).getByText(/环境变量（SUPPORT_\*）/)).toBeTruthy();
    const saveContact = within(contact).getByRole('button', { name: '保存' }) as HTMLButtonElement;
    fireEvent.change(within(contact).getByLabelText('客服邮箱'), { target: { value: 'kefu@skinfair.cn' } });
    fireEvent.change(within(contact).getByLabelText(/在线客服链接/), { target: { value: 'http://chat.skinfair.cn' } });
    expect(within(contact).getByText('在线客服链接须为 https:// 地址')).toBeTruthy();
    expect(saveContact.disabled).toBe(true);
    fireEvent.change(within(contact).getByLabelText(/在线客服链接/), { target: { value: 'https://chat.skinfair.cn/room' } });
    fireEvent.change(within(contact).getByLabelText(/首次回复时限/), { target: { value: '200' } });
    expect(within(contact).getByText('回复时限为 1-168 小时的整数')).toBeTruthy();
    fireEvent.change(within(contact).getByLabelText(/首次回复时限/), { target: { value: '12' } });
    fireEvent.click(saveContact);
    await confirmWithReason('客服信息', '上线前填写');
    await waitFor(() => expect(posts(fetchFn)).toHaveLength(2));
    const contactSent = callsTo(fetchFn, '/api/admin/settings/support').find((p) => p.has('reason'))!;
    expect([contactSent.get('email'), contactSent.get('chatUrl'), contactSent.get('replyWithinHours')]).toEqual([
      'kefu@skinfair.cn',
      'https://chat.skinfair.cn/room',
      '12',
    ]);
  });

  it('shows why the site settings could not load', async () => {
    stubApi({
      '/api/admin/me': () => meAs('content'),
      '/api/admin/settings/site': () => refuse(9001, '服务繁忙'),
      '/api/admin/settings/support': () => support,
    });
    renderAt('/admin/content?tab=site');
    expect((await screen.findByText(/加载失败|服务繁忙/)).textContent).toContain('服务繁忙');
  });
});
