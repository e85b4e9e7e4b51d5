import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Skin } from '@skinfair/contract';
import { callsTo, renderWithProviders, stubApi } from '../../../test/render';
import { useOverlayStore } from '../../../shared/stores/overlay-store';
import { useSkinOverlayStore } from '../../../shared/stores/skin-overlay-store';
import SkinPage from './skin-page';

afterEach(() => {
  vi.unstubAllGlobals();
  useOverlayStore.getState().closeAll();
});

const skin = (id: number, overrides: Partial<Skin> = {}): Skin => ({
  id,
  name: `AK-47 | 红线 #${id}`,
  weaponName: 'AK-47',
  image: null,
  category: 'rifle',
  exterior: 'FT',
  statTrak: false,
  rarity: 'classified',
  rarityColor: '#d32ce6',
  grade: 2,
  referencePrice: 12_000 - id,
  recoveryPrice: 11_000 - id,
  ...overrides,
});

const page = (params: URLSearchParams) => ({
  page: Number(params.get('page')),
  pageSize: 24,
  totalRows: 30,
  totalPages: 2,
  pageData: params.get('category') === 'knife' ? [skin(99, { category: 'knife', name: '爪子刀' })] : [skin(1), skin(2)],
});

describe('/skin', () => {
  it('lists the catalogue, filters by type on the server and pages', async () => {
    const fetchFn = stubApi({ '/api/skin/page': page });
    renderWithProviders(<SkinPage />);
    expect(await screen.findAllByTestId('skin-tile')).toHaveLength(2);
    expect(screen.getByTestId('skin-total').textContent).toBe('共 30 件饰品');

    fireEvent.change(screen.getByLabelText('类型'), { target: { value: 'knife' } });
    await waitFor(() => expect(screen.getByTestId('skin-tile').textContent).toContain('爪子刀'));
    const last = callsTo(fetchFn, '/api/skin/page').at(-1)!;
    expect(last.get('category')).toBe('knife');
    expect(last.get('page')).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(callsTo(fetchFn, '/api/skin/page').at(-1)!.get('page')).toBe('2'));
  });

  it('opens an item in the skin overlay', async () => {
    stubApi({ '/api/skin/page': page });
    renderWithProviders(<SkinPage />);
    const [first] = await screen.findAllByTestId('skin-tile');
    fireEvent.click(first!);
    expect(useOverlayStore.getState().open.skin).toBe(true);
    expect(useSkinOverlayStore.getState().itemId).toBe(1);
    expect(within(first!).getByText('久经沙场')).toBeTruthy();
  });
});
