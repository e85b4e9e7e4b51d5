import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { Banner } from '@skinfair/contract';
import { callsTo, renderWithProviders, stubApi } from '../../../test/render';
import { BannerCarousel, HomeBanners } from './banner-carousel';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const banner = (id: number, title: string, url = `/b${id}`): Banner => ({
  id,
  title,
  alt: `${title}，查看详情`,
  image: `/img/images/${id}.webp`,
  url,
  weight: id * 10,
  startTime: null,
  endTime: null,
});
const three = [banner(1, '首充加赠'), banner(2, '可验证公平'), banner(3, '福利房')];

/** Which banner is showing: the one slide not hidden from assistive technology. */
const shown = () =>
  screen
    .getAllByTestId('banner-slide')
    .filter((s) => s.getAttribute('data-active') === 'true')
    .map((s) => s.textContent);
const reducedMotion = (reduce: boolean) =>
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query.includes('reduce'),
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList,
  );

describe('banner carousel', () => {
  it('moves with its buttons and arrow keys, wrapping at the ends, with labelled controls', () => {
    reducedMotion(true);
    renderWithProviders(<BannerCarousel banners={three} />, '/home');
    const region = screen.getByRole('region', { name: '活动推荐' });
    expect(region.getAttribute('aria-roledescription')).toBe('轮播');
    expect(shown()).toEqual(['首充加赠']);
    fireEvent.click(screen.getByRole('button', { name: '下一张' }));
    expect(shown()).toEqual(['可验证公平']);
    fireEvent.click(screen.getByRole('button', { name: '上一张' }));
    fireEvent.click(screen.getByRole('button', { name: '上一张' }));
    expect(shown()).toEqual(['福利房']);
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(shown()).toEqual(['首充加赠']);
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    expect(shown()).toEqual(['福利房']);
    fireEvent.click(screen.getByRole('button', { name: '第 2 张，共 3 张' }));
    expect(shown()).toEqual(['可验证公平']);
    expect(screen.getByRole('button', { name: '第 2 张，共 3 张' }).getAttribute('aria-current')).toBe('true');
    // Only the visible slide's link is reachable; hidden slides are inert.
    expect(screen.getByRole('link').getAttribute('href')).toBe('/b2');
    expect(screen.getByRole('img', { name: '可验证公平，查看详情' })).toBeTruthy();
  });

  it('follows a sideways swipe, and ignores a short one', () => {
    reducedMotion(true);
    renderWithProviders(<BannerCarousel banners={three} />, '/home');
    const track = screen.getByTestId('banner-carousel').querySelector('[aria-live]')!;
    fireEvent.touchStart(track, { changedTouches: [{ clientX: 300 }] });
    fireEvent.touchEnd(track, { changedTouches: [{ clientX: 200 }] });
    expect(shown()).toEqual(['可验证公平']);
    fireEvent.touchStart(track, { changedTouches: [{ clientX: 100 }] });
    fireEvent.touchEnd(track, { changedTouches: [{ clientX: 120 }] });
    expect(shown()).toEqual(['可验证公平']);
    fireEvent.touchStart(track, { changedTouches: [{ clientX: 100 }] });
    fireEvent.touchEnd(track, { changedTouches: [{ clientX: 220 }] });
    expect(shown()).toEqual(['首充加赠']);
  });

  it('advances on its own, and stops on hover, on focus and on pause', () => {
    reducedMotion(false);
    vi.useFakeTimers();
    renderWithProviders(<BannerCarousel banners={three} intervalMs={1000} />, '/home');
    const region = screen.getByRole('region');
    act(() => vi.advanceTimersByTime(1000));
    expect(shown()).toEqual(['可验证公平']);
    expect(region.querySelector('[aria-live]')!.getAttribute('aria-live')).toBe('off');

    fireEvent.mouseEnter(region);
    act(() => vi.advanceTimersByTime(3000));
    expect(shown()).toEqual(['可验证公平']);
    fireEvent.mouseLeave(region);
    act(() => vi.advanceTimersByTime(1000));
    expect(shown()).toEqual(['福利房']);

    fireEvent.focus(screen.getByRole('button', { name: '下一张' }));
    act(() => vi.advanceTimersByTime(3000));
    expect(shown()).toEqual(['福利房']);
    fireEvent.blur(screen.getByRole('button', { name: '下一张' }));

    fireEvent.click(screen.getByRole('button', { name: '暂停轮播' }));
    act(() => vi.advanceTimersByTime(5000));
    expect(shown()).toEqual(['福利房']);
    expect(region.querySelector('[aria-live]')!.getAttribute('aria-live')).toBe('polite');
    fireEvent.click(screen.getByRole('button', { name: '继续轮播' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(shown()).toEqual(['首充加赠']);
  });

  it('stays still for a viewer who prefers reduced motion', () => {
    reducedMotion(true);
    vi.useFakeTimers();
    renderWithProviders(<BannerCarousel banners={three} intervalMs={1000} />, '/home');
    act(() => vi.advanceTimersByTime(10_000));
    expect(shown()).toEqual(['首充加赠']);
    expect(screen.getByRole('button', { name: '继续轮播' })).toBeTruthy();
  });

  it('drops a banner whose link is neither a site path nor https, and opens https links in a new tab', () => {
    reducedMotion(true);
    renderWithProviders(
      <BannerCarousel banners={[banner(1, '坏链接', 'javascript:alert(1)'), banner(2, '外链', 'https://example.com/x')]} />,
      '/home',
    );
    expect(screen.getAllByTestId('banner-slide')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: '下一张' })).toBeNull();
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('https://example.com/x');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('loads the banners of the viewer language from bannerList and shows nothing when there are none', async () => {
    reducedMotion(true);
    const fetchFn = stubApi({ '/api/common/bannerList': () => three });
    renderWithProviders(<HomeBanners />, '/home');
    expect(await screen.findByRole('region', { name: '活动推荐' })).toBeTruthy();
    expect(callsTo(fetchFn, '/api/common/bannerList')).toHaveLength(1);
    expect((fetchFn.mock.calls[0]![1]?.headers as Record<string, string>).lang).toBe('zh-CN');
    vi.unstubAllGlobals();
    stubApi({ '/api/common/bannerList': () => [] });
    const { container } = renderWithProviders(<HomeBanners />, '/home');
    await act(async () => {});
    expect(container.querySelector('[data-testid="banner-carousel"]')).toBeNull();
  });
});
