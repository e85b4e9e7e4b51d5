import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Notice } from '@skinfair/contract';
import { callsTo, renderWithProviders, stubApi } from '../../test/render';
import { sysConfigFixture } from '../../test/fake-server';
import { useOverlayStore } from '../../shared/stores/overlay-store';
import { OverlaysHost } from './overlays-host';
import { NOTICE_SEEN_KEY } from './notice-seen';

afterEach(() => {
  vi.unstubAllGlobals();
  useOverlayStore.getState().closeAll();
});

const notice = (over: Partial<Notice> = {}): Notice => ({
  id: 1,
  key: 'welcome',
  title: '欢迎来到 Skinfair',
  content: '未满 18 周岁请勿参与。首次充值额外赠送 **20%**。<script>window.hacked = 1</script>',
  url: '/docs/help/about',
  version: 1,
  lang: 'zh',
  publishTime: '2026-11-01T08:00:00.000Z',
  ...over,
});
const maintenance = (over: Partial<Notice> = {}) =>
  notice({
    id: 2,
    key: 'maintenance',
    title: '12 月 1 日维护公告',
    content: '凌晨 2:00–4:00 停机维护。',
    url: null,
    publishTime: '2026-11-27T08:00:00.000Z',
    ...over,
  });

function serve(current: () => Notice[], showPublicText = true) {
  return stubApi({
    '/api/common/sysConfig': () => ({ ...sysConfigFixture, showPublicText }),
    '/api/common/notice': () => current(),
  });
}

const items = () => screen.getAllByTestId('notice-item');
const titles = () => items().map((li) => within(li).getByRole('button').textContent);

describe('public notices', () => {
  it('opens by itself once per version of the newest notice per browser, and again for a new version', async () => {
    let version = 1;
    const fetchFn = serve(() => [notice({ version })]);
    const first = renderWithProviders(<OverlaysHost />, '/home');
    const dialog = await screen.findByRole('dialog', { name: '公告' });
    await waitFor(() => expect(dialog.textContent).toContain('首次充值额外赠送'));
    // Plain text: Markdown marks and tags stay characters, never elements.
    expect(dialog.querySelector('script, strong, img')).toBeNull();
    expect(dialog.textContent).toContain('<script>window.hacked = 1</script>');
    expect(screen.getByRole('link', { name: '查看详情' }).getAttribute('href')).toBe('/docs/help/about');
    // The list: as many current notices as the API gives (issue 30 §9), not the newest alone.
    expect(callsTo(fetchFn, '/api/common/notice')[0]!.get('topN')).toBe('10');
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
    expect(await screen.findByRole('dialog', { name: '公告' })).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem(NOTICE_SEEN_KEY)).toBe('welcome@2'));
  });

  it('lists every current notice newest first, the new one unread and open, the welcome notice one click away (issue 30 §9)', async () => {
    // A browser that read the welcome notice before the maintenance notice was published.
    localStorage.setItem(NOTICE_SEEN_KEY, 'welcome@1');
    serve(() => [maintenance(), notice()]);
    renderWithProviders(<OverlaysHost />, '/home');
    const dialog = await screen.findByRole('dialog', { name: '公告' });
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(titles()[0]).toContain('12 月 1 日维护公告');
    expect(titles()[1]).toContain('欢迎来到 Skinfair');
    expect(items().map((li) => within(li).queryByTestId('notice-unread')?.textContent ?? null)).toEqual(['未读', null]);
    // Dates in Beijing time.
    expect(titles()[0]).toContain('2026-11-27 16:00');
    // The unread one is open; the welcome notice (18+, first deposit) opens with one click.
    expect(
      within(dialog)
        .getAllByTestId('notice-body')
        .map((b) => b.getAttribute('data-notice')),
    ).toEqual(['maintenance@1']);
    const welcome = within(items()[1]!).getByRole('button');
    expect(welcome.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(welcome);
    expect(welcome.getAttribute('aria-expanded')).toBe('true');
    expect(within(items()[1]!).getByTestId('notice-body').textContent).toContain('未满 18 周岁请勿参与');
    // Both now count as read in this browser.
    expect(localStorage.getItem(NOTICE_SEEN_KEY)).toBe('maintenance@1 welcome@1');
  });

  it('opens from the header button any time, even after everything was read, with nothing marked unread', async () => {
    localStorage.setItem(NOTICE_SEEN_KEY, 'maintenance@1 welcome@1');
    serve(() => [maintenance(), notice()]);
    renderWithProviders(<OverlaysHost />, '/home');
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => useOverlayStore.getState().openOverlay('publicNotice'));
    expect(await screen.findByRole('dialog', { name: '公告' })).toBeTruthy();
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(screen.queryByTestId('notice-unread')).toBeNull();
    // Nothing unread: the newest is the one shown open.
    expect(screen.getByTestId('notice-body').getAttribute('data-notice')).toBe('maintenance@1');
  });

  it('neither asks for nor shows notices when showPublicText is off', async () => {
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
    expect(await screen.findByRole('dialog', { name: '公告' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('notice-body')).toBeTruthy());
    expect(screen.queryByRole('link', { name: '查看详情' })).toBeNull();
  });
});
