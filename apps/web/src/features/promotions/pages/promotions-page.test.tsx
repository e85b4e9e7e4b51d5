import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { PromotionList } from '@skinfair/contract';
import { renderWithProviders, stubApi } from '../../../test/render';
import { useOverlayStore } from '../../../shared/stores/overlay-store';
import PromotionsPage from './promotions-page';

afterEach(() => {
  vi.unstubAllGlobals();
  useOverlayStore.getState().closeAll();
  localStorage.clear();
});

const list: PromotionList = {
  firstDeposit: { bonusPercent: 20, needsRealName: true },
  vipGrades: [
    { grade: 0, name: '青铜', expMin: 0, rechargeBonusBp: 0, levelReward: 0, freeBoxes: 0 },
    { grade: 2, name: '黄金', expMin: 50_000, rechargeBonusBp: 50, levelReward: 800, freeBoxes: 1 },
  ],
  dailyTopUp: [
    { minDeposit: 10_000, reward: 200 },
    { minDeposit: 50_000, reward: 1_200 },
  ],
};

describe('/promotions', () => {
  it('shows the first-deposit bonus, VIP perks, daily tiers and coupons with their terms', async () => {
    stubApi({ '/api/common/promotionList': () => list });
    renderWithProviders(<PromotionsPage />);
    const first = await screen.findByTestId('promotion-first-deposit');
    expect(first.textContent).toContain('+20%');
    expect(first.textContent).toContain('需完成实名认证（先充值也可，奖励不会失效）');
    const rows = screen.getAllByTestId('promotion-vip-row');
    expect(rows[1]!.textContent).toContain('VIP 2 · 黄金');
    expect(rows[1]!.textContent).toContain('+0.5%');
    expect(rows[1]!.textContent).toContain('¥8');
    expect(screen.getAllByTestId('promotion-daily-tier').map((x) => x.textContent)).toEqual([
      '当日充值满 ¥100，奖励 ¥2',
      '当日充值满 ¥500，奖励 ¥12',
    ]);
    expect(screen.getByTestId('promotion-coupons')).toBeTruthy();
  });

  it('sends a guest to log in before the recharge overlay', async () => {
    stubApi({ '/api/common/promotionList': () => list });
    renderWithProviders(<PromotionsPage />);
    fireEvent.click(within(await screen.findByTestId('promotion-daily')).getByTestId('promotion-recharge'));
    expect(useOverlayStore.getState().open.loginTip).toBe(true);
    expect(useOverlayStore.getState().open.recharge).toBe(false);
  });
});
