import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { UserCard } from '@skinfair/contract';
import { refuse, renderWithProviders, stubApi } from '../../../test/render';
import { useUserCardStore } from '../../../shared/stores/user-card-store';
import { UserCardOverlay } from './user-card-overlay';

afterEach(() => vi.unstubAllGlobals());

const card: UserCard = {
  userId: 100_123,
  nickname: '欧皇本皇',
  headPic: null,
  avatarFrame: '#ffee51',
  nameColor: '#ab6afc',
  grade: 4,
  bestDrops: [
    {
      giftName: '爪子刀 | 多普勒',
      giftImage: null,
      grade: 0,
      recoveryPrice: 880_000,
      sourceType: 21,
      createTime: '2026-01-01T00:00:00.000Z',
      demo: false,
    },
    {
      giftName: 'AK-47 | 火蛇',
      giftImage: null,
      grade: 1,
      recoveryPrice: 120_000,
      sourceType: 23,
      createTime: '2026-01-01T00:00:00.000Z',
      demo: true,
    },
  ],
  battles: { played: 12, won: 5 },
};

describe('user info overlay', () => {
  it("shows the player's public card: name in their colour, framed avatar, VIP grade, battle record, best drops", async () => {
    stubApi({ '/api/user/publicCard': (p) => (p.get('userId') === '100123' ? card : refuse(1002, '内容不存在')) });
    useUserCardStore.setState({ userId: 100_123 });
    renderWithProviders(<UserCardOverlay onClose={() => {}} />);
    const name = await screen.findByTestId('user-card-name');
    expect(name.textContent).toBe('欧皇本皇');
    expect(name.style.color).toBe('rgb(171, 106, 252)');
    expect(document.querySelector('[data-frame="#ffee51"]')).not.toBeNull();
    expect(screen.getByTestId('user-card-vip').textContent).toBe('VIP 4');
    expect(screen.getByTestId('user-card-battles').textContent).toBe('参与 12 场，获胜 5 场');
    expect(screen.getByText('¥8800')).toBeTruthy();
    expect(screen.getAllByTestId('drop-demo')).toHaveLength(1);
  });

  it('says the player cannot be found for an unknown id', async () => {
    stubApi({ '/api/user/publicCard': () => refuse(1002, '内容不存在') });
    useUserCardStore.setState({ userId: 5 });
    renderWithProviders(<UserCardOverlay onClose={() => {}} />);
    expect(await screen.findByText('找不到该玩家')).toBeTruthy();
  });
});
