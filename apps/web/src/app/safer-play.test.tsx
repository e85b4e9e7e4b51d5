import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { refuse, renderWithProviders, stubApi } from '../test/render';
import { sysConfigFixture } from '../test/fake-server';
import { removeToken, setToken } from '../shared/storage/token';
import { DocumentView } from '../features/docs/components/document-view';
import { PersonalNav } from '../features/personal/components/personal-nav';
import SaferPlayPage from '../features/safer-play/pages/safer-play-page';
import { SiteFooter } from './layout/site-footer';

afterEach(() => {
  vi.unstubAllGlobals();
  removeToken();
});

const doc = {
  key: 'safer-play',
  category: 'help',
  title: '理性娱乐与帮助',
  summary: '如何安全地玩',
  lang: 'zh',
  version: 1,
  publishTime: '2026-03-01T00:00:00.000Z',
  content: '## 可以求助的地方\n\n- **GamCare**：[gamcare.org.uk](https://www.gamcare.org.uk)',
};

// As app/routes.tsx composes it: the content feature's document inside the safer play page.
const page = <SaferPlayPage document={<DocumentView docKey="safer-play" headingLevel={2} />} />;

describe('safer play page (/safer-play)', () => {
  it('shows the tools, the urgent help lines and the operator-edited document', async () => {
    stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/common/document': (p) => (p.get('key') === 'safer-play' ? doc : refuse(1002, '不存在')),
    });
    renderWithProviders(page, '/safer-play');
    expect(screen.getByRole('heading', { level: 1, name: '理性娱乐与帮助' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '限额、冷静期与自我排除' }).getAttribute('href')).toBe('/personal/protection');
    expect(screen.getByRole('link', { name: '我的活动与现实提醒' }).getAttribute('href')).toBe('/personal/activity');
    const hotlines = screen.getByTestId('safer-play-hotlines');
    expect(within(hotlines).getByRole('link', { name: '010-82951332' }).getAttribute('href')).toBe('tel:01082951332');
    expect(within(hotlines).getByRole('link', { name: '12356' }).getAttribute('href')).toBe('tel:12356');
    const article = await screen.findByTestId('document');
    expect(within(article).getByRole('heading', { level: 2, name: '理性娱乐与帮助' })).toBeTruthy();
    expect(within(article).getByRole('link', { name: 'gamcare.org.uk' }).getAttribute('href')).toBe('https://www.gamcare.org.uk');
  });

  it('keeps the tools and help lines when the document cannot be loaded', async () => {
    stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/common/document': () => refuse(1002, '不存在'),
    });
    renderWithProviders(page, '/safer-play');
    expect(await screen.findByText('暂无文档内容')).toBeTruthy();
    expect(screen.getByTestId('safer-play-hotlines').textContent).toContain('010-82951332');
  });

  it('is linked from the footer, and My activity from the personal centre tabs', async () => {
    setToken('tok');
    stubApi({ '/api/common/sysConfig': () => sysConfigFixture });
    renderWithProviders(
      <>
        <PersonalNav />
        <SiteFooter />
      </>,
    );
    expect(screen.getByRole('link', { name: '理性娱乐与帮助' }).getAttribute('href')).toBe('/safer-play');
    expect(screen.getByRole('link', { name: '我的活动' }).getAttribute('href')).toBe('/personal/activity');
  });
});
