import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders, stubApi } from '../../../test/render';
import { useOverlayStore } from '../../../shared/stores/overlay-store';
import { useUserCardStore } from '../../../shared/stores/user-card-store';
import { BattleRanking } from './battle-ranking';

afterEach(() => {
  vi.unstubAllGlobals();
  useOverlayStore.getState().closeAll();
});

describe('battle ranking', () => {
  it("opens a ranked player's public card", async () => {
    const row = { customerId: 100_321, nickname: '对战王', headPic: null, rewardPoint: 50_000, bizDate: 20260101, place: 1 };
    stubApi({ '/api/battle/rank': () => ({ todayRank: [row], yesterdayRank: [], topOneYesterday: null, myReward: 0 }) });
    renderWithProviders(<BattleRanking />);
    fireEvent.click(await screen.findByRole('button', { name: '查看 对战王 的资料' }));
    expect(useUserCardStore.getState().userId).toBe(100_321);
    expect(useOverlayStore.getState().open.userInfo).toBe(true);
  });
});
