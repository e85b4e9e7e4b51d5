import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from './providers';
import { routes } from './routes';
import { FakeWebSocket, homepageFixture, sysConfigFixture } from '../test/fake-server';
import { stubApi } from '../test/render';
import { useLiveStore } from '../shared/stores/live-store';

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  useLiveStore.getState().reset();
});
afterEach(() => vi.unstubAllGlobals());

describe('home 追梦 tab', () => {
  it('shows the dream feature preview that app/ passes to the home page', async () => {
    stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/stat/homepage': () => homepageFixture,
      '/api/stat/lastDrop': () => [],
      '/api/common/getBoxThemeList': () => [],
      '/api/upgrade/upgradeRecordPage': () => ({
        pageData: [
          {
            id: 1,
            customerId: 9,
            nickname: '追梦人',
            headPic: null,
            state: 1,
            probability: 50_000,
            rollCode: 12_000,
            rollCodeLow: 1,
            rollCodeHigh: 50_000,
            dreamFee: 6_498,
            winVoucherName: 'M4A4 | 咆哮',
            winVoucherImg: null,
            winRecoveryPrice: 12_345,
            grade: 0,
            shareId: 'share-1',
            createTime: '2026-11-20 12:00:00',
          },
        ],
        page: 1,
        pageSize: 6,
        totalRows: 1,
        totalPages: 1,
      }),
    });
    const router = createMemoryRouter(routes, { initialEntries: ['/home'] });
    render(
      <Providers queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </Providers>,
    );
    fireEvent.click(await screen.findByRole('tab', { name: '追梦' }, { timeout: 5000 }));
    const cards = await screen.findAllByTestId('home-dream', {}, { timeout: 5000 });
    expect(cards[0]!.textContent).toContain('M4A4 | 咆哮');
    expect(screen.getByTestId('dream-home-play').getAttribute('href')).toBe('/dream');
  });
});
