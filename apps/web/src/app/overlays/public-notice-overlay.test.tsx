import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Notice } from '@skinfair/contract';
import { callsTo, renderWithProviders, stubApi } from '../../test/render';
import { sysConfigFixture } from '../../test/fake-server';
import { useOverlayStore } from '../../shared/stores/overlay-store';
import { OverlaysHost } from './overlays-host';
import { NOTICE_SEEN_KEY } from './public-notice-overlay';

afterEach(() => {
  vi.unstubAllGlobals();
  useOverlayStore.getState().closeAll();
});

const notice = (over: Partial<Notice> = {}): Notice => ({
  id: 1,
  key: 'welcome',
  title: '欢迎来到 Skinfair',
  content: '首次充值额外赠送 **20%**。<script>window.hacked = 1</script>',
  url: '/docs/help/about',
  version: 1,
  lang: 'zh',
  publishTime: '2026-11-01T08:00:00.000Z',
  ...over,
});

function serve(current: () => Notice[], showPublicText = true) {
  return stubApi({
    '/api/common/sysConfig': () => ({ ...sysConfigFixture, showPublicText }),
    '/api/common/notice': () => current(),
  });
}

describe('public notice', () => {
  it('opens by itself once per notice version per browser, and again for a new version', async () => {
    let version = 1;
    const fetchFn = serve(() => [notice({ version })]);
    const first = renderWithProviders(<OverlaysHost />, '/home');
    const dialog = await screen.findByRole('dialog', { name: '欢迎来到 Skinfair' });
    expect(dialog.textContent).toContain('首次充值额外赠送');
    // Plain text: Markdown marks and tags stay characters, never elements.
    expect(dialog.querySelector('script, strong, img')).toBeNull();
    expect(dialog.textContent).toContain('<script>window.hacked = 1</script>');
    expect(screen.getByRole('link', { name: '查看详情' }).getAttribute('href')).toBe('/docs/help/about');
    expect(callsTo(fetchFn, '/api/common/notice')[0]!.get('topN')).toBe('1');
    expect(localStorage.getItem(NOTICE_SEEN_KEY)).toBe('welcome@1');
    fireEvent.click(screen.getByRole('button', { name: '知道了' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    first.unmount();

    // Same version in the same browser: stays closed.
    const second = renderWithProviders(<OverlaysHost />, '/home');
    await waitFor(() => expect(callsTo(fetchFn, '/api/common/notice').length).toBeGreaterThan(1));
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
    second.unmount();

    version = 2;
    renderWithProviders(<OverlaysHost />, '/home');
    expect(await screen.findByRole('dialog', { name: '欢迎来到 Skinfair' })).toBeTruthy();
    expect(localStorage.getItem(NOTICE_SEEN_KEY)).toBe('welcome@2');
  });

  it('opens from the header button any time, even after it was seen', async () => {
    localStorage.setItem(NOTICE_SEEN_KEY, 'welcome@1');
    serve(() => [notice()]);
    renderWithProviders(<OverlaysHost />, '/home');
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => useOverlayStore.getState().openOverlay('publicNotice'));
    expect(await screen.findByRole('dialog', { name: '欢迎来到 Skinfair' })).toBeTruthy();
  });

  it('neither asks for nor shows the notice when showPublicText is off', async () => {
    const fetchFn = serve(() => [notice()], false);
    renderWithProviders(<OverlaysHost />, '/home');
    await waitFor(() => expect(callsTo(fetchFn, '/api/common/sysConfig').length).toBe(1));
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetchFn, '/api/common/notice')).toHaveLength(0);
    act(() => useOverlayStore.getState().openOverlay('publicNotice'));
    expect((await screen.findByRole('dialog', { name: '公告' })).textContent).toContain('暂无公告');
  });

  it('keeps a notice link that is not a site path or https from becoming a link', async () => {
    serve(() => [notice({ url: 'javascript:alert(1)' })]);
    renderWithProviders(<OverlaysHost />, '/home');
    expect(await screen.findByRole('dialog', { name: '欢迎来到 Skinfair' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '查看详情' })).toBeNull();
  });
});
