import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { ContentDocument, DocumentSummary } from '@skinfair/contract';
import { callsTo, refuse, renderWithProviders, stubApi } from '../../test/render';
import { sysConfigFixture } from '../../test/fake-server';
import { NewsPreview } from './index';
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
  content:
    '# 用户协议\n\n## 1. 年龄\n\n- 本平台**仅向年满 18 周岁**的用户开放。\n- 详见 [隐私政策](/docs/help/privacy)。\n\n<script>window.hacked = true</script> [点我](javascript:alert(1))',
  ...over,
});
const summary = (key: string, title: string): DocumentSummary =>
  ({ ...doc({ key, title }), content: undefined }) as unknown as DocumentSummary;
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
    expect(screen.queryByRole('link', { name: '点我' })).toBeNull();
    expect(screen.getByTestId('markdown').textContent).not.toContain('window.hacked');
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
        p.get('category') === 'legal'
          ? page([summary('terms', '用户协议'), summary('privacy', '隐私政策')])
          : page([summary('faq', '常见问题')]),
    });
    renderWithProviders(<HelpPage />, '/docs/help');
    await waitFor(() => expect(screen.getAllByTestId('document-link')).toHaveLength(3));
    expect(screen.getByRole('link', { name: /用户协议/ }).getAttribute('href')).toBe('/docs/help/terms');
    expect(screen.getByRole('link', { name: /常见问题/ }).getAttribute('href')).toBe('/docs/help/faq');
    expect(callsTo(fetchFn, '/api/common/documentList').map((p) => p.get('pageSize'))).toEqual(['15', '15']);
  });

  it('shows real contact ways on the support page, and no link back to itself', async () => {
    stubApi({
      '/api/common/documentList': () => page([summary('support', '联系客服')]),
      '/api/common/customerService': () => ({
        email: 'support@skinfair.example',
        hours: '每天 10:00–22:00（北京时间）',
        replyWithinHours: 24,
        chatUrl: null,
        documentKey: 'support',
      }),
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

// Everything a hostile or careless operator could paste into a document body.
const hostile = [
  '# 标题',
  '正文开始',
  '<script>window.hacked = "script"</script>',
  '<img src="x" onerror="window.hacked = \'img\'">',
  '<iframe src="https://evil.example"></iframe>',
  '<a href="javascript:window.hacked = \'a\'">原始链接</a>',
  '[脚本链接](javascript:window.hacked=1) [数据链接](data:text/html;base64,PHNjcmlwdD4=) [协议相对](//evil.example)',
  '![图](javascript:window.hacked=2) <div onclick="window.hacked = 3" style="position:fixed">覆盖</div>',
  '[站内链接](/docs/help/faq) [外部链接](https://example.com/a)',
].join('\n\n');

describe('Markdown safety', () => {
  it('renders script tags, event handlers, iframes and javascript: links inert', async () => {
    stubApi({ '/api/common/document': () => doc({ content: hostile }) });
    const { container } = renderWithProviders(atRoute, '/docs/help/terms');
    expect(await screen.findByText('正文开始')).toBeTruthy();
    const body = screen.getByTestId('markdown');
    expect(body.querySelectorAll('script, iframe, object, embed, style')).toHaveLength(0);
    for (const el of Array.from(container.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        expect(attr.name.startsWith('on'), `${el.tagName} ${attr.name}`).toBe(false);
        expect(attr.value.replace(/\s/g, '').toLowerCase()).not.toMatch(/^(javascript|data|vbscript):/);
      }
    }
    expect(body.querySelector('img')).toBeNull();
    expect(body.querySelector('[style]')).toBeNull();
    const hrefs = Array.from(body.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/docs/help/faq', 'https://example.com/a']);
    expect(screen.getByRole('link', { name: '外部链接' }).getAttribute('rel')).toBe('noopener noreferrer');
    // The text of a refused link stays readable.
    expect(body.textContent).toContain('脚本链接');
    expect((window as { hacked?: unknown }).hacked).toBeUndefined();
    // The leading title is the page's h1, not repeated in the body.
    expect(body.querySelector('h1, h2')?.textContent ?? '').not.toBe('标题');
  });
});

describe('search and news', () => {
  it('searches the help centre by keyword, and says so when nothing matches', async () => {
    const fetchFn = stubApi({
      '/api/common/documentList': (p) => {
        const keyword = p.get('keyword');
        if (!keyword) return p.get('category') === 'legal' ? page([summary('terms', '用户协议')]) : page([summary('faq', '常见问题')]);
        return keyword === '提取' && p.get('category') === 'help' ? page([summary('faq', '常见问题：提取')]) : page([]);
      },
    });
    renderWithProviders(<HelpPage />, '/docs/help');
    await waitFor(() => expect(screen.getAllByTestId('document-link')).toHaveLength(2));
    fireEvent.change(screen.getByRole('searchbox', { name: '搜索文档' }), { target: { value: ' 提取 ' } });
    expect(await screen.findByRole('link', { name: /常见问题：提取/ })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('document-link')).toHaveLength(1));
    expect(screen.getByText('没有找到与“提取”相关的文档')).toBeTruthy();
    const searched = callsTo(fetchFn, '/api/common/documentList').filter((q) => q.has('keyword'));
    expect(new Set(searched.map((q) => `${q.get('category')}:${q.get('keyword')}`))).toEqual(new Set(['help:提取', 'legal:提取']));
    fireEvent.keyDown(screen.getByRole('searchbox'), { key: 'Escape' });
    await waitFor(() => expect(screen.getAllByTestId('document-link')).toHaveLength(2));
  });

  it('lists support documents on the support page, opening under /docs/support', async () => {
    stubApi({
      '/api/common/customerService': () => ({
        email: 'support@skinfair.example',
        hours: '每天',
        replyWithinHours: 24,
        chatUrl: null,
        documentKey: 'support',
      }),
      '/api/common/documentList': (p) => (p.get('category') === 'support' ? page([summary('refunds', '退款说明')]) : page([])),
      '/api/common/document': () => doc({ key: 'support', category: 'support', title: '联系客服', content: '正文' }),
    });
    renderWithProviders(<SupportPage />, '/docs/support');
    expect((await screen.findByRole('link', { name: /退款说明/ })).getAttribute('href')).toBe('/docs/support/refunds');
    expect(screen.getByRole('searchbox', { name: '搜索文档' })).toBeTruthy();
  });

  it('lists news documents in the home news tab, each opening its document', async () => {
    const fetchFn = stubApi({
      '/api/common/documentList': () => page([summary('news-giveaways', '福利房上线'), summary('news-first-deposit', '首次充值加赠 20%')]),
    });
    renderWithProviders(<NewsPreview />, '/home');
    expect((await screen.findByRole('link', { name: /福利房上线/ })).getAttribute('href')).toBe('/docs/help/news-giveaways');
    expect(screen.getAllByRole('link')).toHaveLength(2);
    expect(callsTo(fetchFn, '/api/common/documentList')[0]!.get('category')).toBe('news');
  });

  it('says there is no news yet when the list is empty', async () => {
    stubApi({ '/api/common/documentList': () => page([]) });
    renderWithProviders(<NewsPreview />, '/home');
    expect((await screen.findByRole('status')).textContent).toContain('暂无资讯');
  });
});
