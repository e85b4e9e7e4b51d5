import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { callsTo, renderWithProviders, stubApi } from '../../../test/render';
import { sysConfigFixture } from '../../../test/fake-server';
import { givenRecord, page } from '../test-dreams';
import DreamPreview from './dream-preview';

afterEach(() => vi.unstubAllGlobals());

describe('home dream tab', () => {
  it('shows the latest site dreams and leads to /dream', async () => {
    const fetchFn = stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/upgrade/upgradeRecordPage': () => page([givenRecord(1), givenRecord(2, { state: 2, probability: 12_345 })]),
    });
    const { router } = renderWithProviders(<DreamPreview />, '/home');
    const cards = await screen.findAllByTestId('home-dream');
    expect(cards).toHaveLength(2);
    expect(cards[0]!.textContent).toContain('M4A4 | 咆哮 #1');
    expect(cards[0]!.textContent).toContain('追梦人1 · 50.00% · 成功');
    expect(cards[1]!.textContent).toContain('12.345% · 失败');
    expect(callsTo(fetchFn, '/api/upgrade/upgradeRecordPage')[0]?.get('pageSize')).toBe('6');
    fireEvent.click(screen.getByTestId('dream-home-play'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dream'));
  });

  it('invites the first dream when there is none yet', async () => {
    stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/upgrade/upgradeRecordPage': () => page([]),
    });
    renderWithProviders(<DreamPreview />, '/home');
    expect(await screen.findByText('暂无追梦记录，来做第一个追梦的人吧')).toBeTruthy();
    expect(screen.getByTestId('dream-home-play').getAttribute('href')).toBe('/dream');
  });
});
