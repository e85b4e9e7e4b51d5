import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders, stubApi, callsTo } from '../../test/render';
import { sysConfigFixture } from '../../test/fake-server';
import { setToken } from '../../shared/storage/token';
import { rechargeConfigFixture } from '../../test/factories';
import { RechargeOverlay } from './components/recharge-overlay';

/** Issue 30 §1, §3: the panel shows what the server says the deposit pays and allows, before payment. */
const grade = {
  grade: 0,
  gradeName: '青铜',
  exp: 0,
  nextGrade: 1,
  nextExp: 10_000,
  grades: [{ grade: 0, name: '青铜', expMin: 0, levelReward: 0, freeBoxes: 0, rechargeBonusBp: 0, rebateBoostBp: 0, received: false }],
};
const open = (config: object) => {
  setToken('tok');
  const fetchFn = stubApi({
    '/api/common/sysConfig': () => sysConfigFixture,
    '/api/recharge/rechargeConfig': () => ({ ...rechargeConfigFixture, ...config }),
    '/api/personalCenter/getGradeInfo': () => grade,
  });
  renderWithProviders(<RechargeOverlay onClose={() => {}} />);
  return fetchFn;
};

describe('recharge panel promises', () => {
  it('tells an unverified player the bonus arrives after real-name verification, and what arrives now', async () => {
    open({ firstDepositBonus: { payout: 'after_real_name', percent: 20, reason: null, pendingAmount: 0 } });
    fireEvent.click((await screen.findAllByTestId('recharge-channel'))[0]!);
    fireEvent.click(screen.getByRole('button', { name: '¥100' }));
    expect(screen.getByTestId('first-deposit-banner').textContent).toContain('首充加送 20%（完成实名认证后到账）');
    expect(screen.getByTestId('first-deposit-condition').textContent).toBe('本次充值立即到账 ¥100；完成实名认证后再到账 ¥20 首充奖励');
    const preview = screen.getByTestId('recharge-preview').textContent;
    expect(preview).toContain('预计到账¥100');
    expect(screen.getByTestId('recharge-held-bonus').textContent).toBe('+¥20');
  });

  it('advertises no bonus to a player on a cool-off', async () => {
    open({ firstDepositBonus: { payout: 'none', percent: 0, reason: 'excluded', pendingAmount: 0 } });
    fireEvent.click((await screen.findAllByTestId('recharge-channel'))[0]!);
    fireEvent.click(screen.getByRole('button', { name: '¥100' }));
    expect(screen.queryByTestId('first-deposit-banner')).toBeNull();
    expect(screen.getByTestId('recharge-preview').textContent).not.toContain('首充');
  });

  it('warns before submitting an amount past the deposit limit, and sends nothing', async () => {
    const fetchFn = open({ depositRoom: { remaining: 2_000, limit: 12_000, period: 'day', resetsAt: '2026-11-28T16:00:00.000Z' } });
    fireEvent.click((await screen.findAllByTestId('recharge-channel'))[0]!);
    expect(screen.getByTestId('recharge-room').textContent).toBe('今日还可充值 ¥20（每日充值限额 ¥120）');
    fireEvent.click(screen.getByRole('button', { name: '¥50' }));
    fireEvent.click(screen.getByTestId('recharge-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('超出每日充值限额（¥120）：今日还可充值 ¥20');
    expect(screen.queryByTestId('recharge-confirm')).toBeNull();
    expect(callsTo(fetchFn, '/api/recharge/makePayment')).toHaveLength(0);
  });
});
