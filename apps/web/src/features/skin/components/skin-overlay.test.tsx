import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { SkinDetail } from '@skinfair/contract';
import { refuse, renderWithProviders, stubApi } from '../../../test/render';
import { useSkinOverlayStore } from '../../../shared/stores/skin-overlay-store';
import { formatChance, SkinOverlay } from './skin-overlay';

afterEach(() => vi.unstubAllGlobals());

const detail: SkinDetail = {
  id: 7,
  name: 'AWP | 二西莫夫 (久经沙场)',
  weaponName: 'AWP',
  image: null,
  category: 'sniper',
  exterior: 'FT',
  statTrak: false,
  rarity: 'covert',
  rarityColor: '#eb4b4b',
  grade: 1,
  referencePrice: 56_000,
  recoveryPrice: 54_000,
  boxes: [
    { boxId: 3, boxName: '狙击箱', boxImage: null, openPrice: 2_000, weight: 1_500, probability: 0.015 },
    { boxId: 9, boxName: '传说箱', boxImage: null, openPrice: 9_900, weight: 64, probability: 0.00064 },
  ],
};

describe('skin overlay', () => {
  it("shows the item's rarity, exterior, prices and each box holding it with its chance, linking to the box", async () => {
    stubApi({ '/api/skin/detail': (p) => (p.get('itemId') === '7' ? detail : refuse(1002, '内容不存在')) });
    useSkinOverlayStore.setState({ itemId: 7 });
    const onClose = vi.fn();
    const { router } = renderWithProviders(<SkinOverlay onClose={onClose} />);
    expect((await screen.findByTestId('skin-rarity')).textContent).toBe('隐秘');
    expect(screen.getByText('久经沙场')).toBeTruthy();
    expect(screen.getByText('¥560')).toBeTruthy();
    expect(screen.getByText('¥540')).toBeTruthy();
    const boxes = screen.getAllByTestId('skin-box');
    expect(boxes.map((b) => b.getAttribute('href'))).toEqual(['/box/3', '/box/9']);
    expect(screen.getAllByTestId('skin-box-chance').map((c) => c.textContent)).toEqual(['1.50%', '0.064%']);
    fireEvent.click(boxes[0]!);
    expect(onClose).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/box/3');
  });

  it('says so when the item is unknown', async () => {
    stubApi({ '/api/skin/detail': () => refuse(1002, '内容不存在') });
    useSkinOverlayStore.setState({ itemId: 404 });
    renderWithProviders(<SkinOverlay onClose={() => {}} />);
    expect(await screen.findByText('饰品加载失败，请稍后重试')).toBeTruthy();
  });

  it('keeps the digits of small chances', () => {
    expect(formatChance(0.5)).toBe('50.00%');
    expect(formatChance(0.0064)).toBe('0.640%');
  });
});
