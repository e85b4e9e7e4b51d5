import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { ContentDocument, DocumentSummary } from '@skinfair/contract';
import { callsTo, refuse, renderWithProviders, stubApi } from '../../test/render';
import { sysConfigFixture } from '../../test/fake-server';
import DocumentPage from './pages/document-page';
import HelpPage from './pages/help-page';
import SupportPage from './pages/support-page';

afterEach(() => vi.unstubAllGlobals());

const doc = (over: Partial<ContentDocument> = {}): ContentDocument => ({
  key: 'terms',
  category: 'legal',
  title: '用户协议',
  summary: '注册和使用的条件',
  lang: 'zh',
  version: 2,
  publishTime: '2026-03-01T08:00:00.000Z',
  content: '# 用户协议\n\n## 1. 年龄\n\n- 本平台**仅向年满 18 周岁**的用户开放。\n- 详见 [隐私政策](/docs/help/privacy)。\n\n<script>window.hacked = true</script> [点我](javascript:alert(1))',
  ...over,
});
const summary = (key: string, title: string): DocumentSummary => ({ ...doc({ key, title }), content: undefined } as unknown as DocumentSummary);
const atRoute = (
  <Routes>
    <Route path="/docs/help/:id" element={<DocumentPage />} />
  </Routes>
);
const page = <T,>(rows: T[]) => ({ pageData: rows, page: 1, pageSize: 15, totalRows: rows.length, totalPages: 1 });

describe('documents', () => {
  it('renders a server document by key: title, version, sections, links, with markup left inert', async () => {
    const fetchFn = stubApi({ '/api/common/sysConfig': () => sysConfigFixture, '/api/common/document': () => doc() });
    const { container } = renderWithProviders(atRoute, '/docs/help/terms');
    expect(await screen.findByRole('heading', { level: 1, name: '用户协议' })).toBeTruthy();
    expect(callsTo(fetchFn, '/api/common/document')[0]!.get('key')).toBe('terms');
    expect(screen.getByText('版本 2 · 发布于 2026-03-01')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '1. 年龄' })).toBeTruthy();
    expect(screen.getByText('仅向年满 18 周岁').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: '隐私政策' }).getAttribute('href')).toBe('/docs/help/privacy');
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getByTestId('markdown').textContent).toContain('<script>');
    expect(screen.queryByRole('link', { name: '点我' })).toBeNull();
    expect(document.title).toBe('用户协议 - Skinfair');
  });

  it('says so when the document does not exist, and offers a retry when loading failed', async () => {
    stubApi({ '/api/common/document': () => refuse(1002, '内容不存在') });
    renderWithProviders(atRoute, '/docs/help/nope');
    expect((await screen.findByRole('status')).textContent).toContain('暂无文档内容');

    vi.unstubAllGlobals();
    let fail = true;
    stubApi({ '/api/common/document': () => (fail ? refuse(1000, '系统繁忙') : doc({ title: '隐私政策', key: 'privacy' })) });
    renderWithProviders(atRoute, '/docs/help/privacy');
    const retry = await screen.findByRole('button', { name: '重试' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: '隐私政策' })).toBeTruthy();
  });

  it('lists the help and legal documents in the help centre, each linking to its page', async () => {
    const fetchFn = stubApi({
      '/api/common/documentList': (p) =>
        p.get('category') === 'legal' ? page([summary('terms', '用户协议'), summary('privacy', '隐私政策')]) : page([summary('faq', '常见问题')]),
    });
    renderWithProviders(<HelpPage />, '/docs/help');
    await waitFor(() => expect(screen.getAllByTestId('document-link')).toHaveLength(3));
    expect(screen.getByRole('link', { name: /用户协议/ }).getAttribute('href')).toBe('/docs/help/terms');
    expect(screen.getByRole('link', { name: /常见问题/ }).getAttribute('href')).toBe('/docs/help/faq');
    expect(callsTo(fetchFn, '/api/common/documentList').map((p) => p.get('pageSize'))).toEqual(['15', '15']);
  });

  it('shows real contact ways on the support page, and no link back to itself', async () => {
    stubApi({
      '/api/common/customerService': () => ({ email: 'support@skinfair.example', hours: '每天 10:00–22:00（北京时间）', replyWithinHours: 24, chatUrl: null, documentKey: 'support' }),
      '/api/common/document': () => doc({ key: 'support', category: 'support', title: '联系客服', content: '## 联系前请准备\n\n- 订单号' }),
    });
    renderWithProviders(<SupportPage />, '/docs/support');
    expect((await screen.findByTestId('support-email')).getAttribute('href')).toBe('mailto:support@skinfair.example');
    expect(screen.getByText('24 小时内首次回复')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: '联系客服' })).toBeTruthy();
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).not.toContain('/docs/support');
    expect(hrefs).toContain('/docs/help');
  });
});
