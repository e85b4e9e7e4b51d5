import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AdminActivity, type AdminBanner, type AdminDocument, type AdminNotice } from '@skinfair/contract';
import { pages } from '../../../app/lazy-pages';
import { callsTo, refuse, stubApi } from '../../../test/render';
import { meAs, page, renderAdmin } from '../testing';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const who = { id: 9, name: 'editor' };

const terms: AdminDocument = {
  key: 'terms',
  lang: 'zh',
  category: 'legal',
  title: '用户协议',
  summary: '使用前请阅读',
  body: '# 用户协议\n\n第一条',
  version: 3,
  sortOrder: 10,
  published: true,
  source: 'seed',
  publishedAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const notice: AdminNotice = {
  id: 4,
  key: 'welcome',
  lang: 'zh',
  title: '欢迎来到 Skinfair',
  body: '首充加送',
  url: '/docs/help/about',
  version: 2,
  published: true,
  source: 'seed',
  publishedAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const banner: AdminBanner = {
  id: 7,
  key: 'first-deposit',
  lang: 'zh',
  title: '首次充值加赠 20%',
  alt: '首次充值加赠 20% 金币',
  image: '/images/a.webp',
  url: '/promotions',
  sortOrder: 10,
  startsAt: null,
  endsAt: null,
  visible: true,
  source: 'seed',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const activity: AdminActivity = {
  id: 3,
  slug: 'daily-dream',
  kind: 'task',
  metric: 'dreams',
  period: 'day',
  titleZh: '今日参与1次追梦',
  titleEn: 'Play a dream today',
  rulesZh: '规则',
  rulesEn: null,
  target: 1,
  rewardKind: 'point',
  rewardFen: 100,
  prizesFen: [],
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: null,
  enabled: true,
  sortOrder: 30,
};

const renderAt = (path: string) =>
  renderAdmin(path, { token: 'op_whole', markdown: (source) => <pages.DocumentMarkdown source={source} /> });

describe('the content screen', () => {
  it('lists documents with filters, edits one, previews a hostile body inert and saves a new version', async () => {
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('content', who),
      '/api/admin/content/documents': () => page([terms]),
      '/api/admin/content/document': () => [terms],
      '/api/admin/content/documents/save': (p) => ({
        ...terms,
        title: p.get('title')!,
        body: p.get('body')!,
        version: 4,
        source: 'operator',
      }),
    });
    renderAt('/admin/content');
    const row = (await screen.findByText('用户协议')).closest('tr')!;
    expect(within(row).getByText('v3')).toBeTruthy();
    expect(within(row).getByText('法律条款')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('分类'), { target: { value: 'legal' } });
    fireEvent.change(screen.getByRole('combobox', { name: '语言' }), { target: { value: 'en' } });
    fireEvent.change(screen.getByLabelText('键名或标题'), { target: { value: 'terms' } });
    await waitFor(() => {
      const last = callsTo(fetchFn, '/api/admin/content/documents').at(-1)!;
      expect([last.get('category'), last.get('lang'), last.get('keyword'), last.get('page')]).toEqual(['legal', 'en', 'terms', '1']);
    });

    fireEvent.click(within(row).getByRole('button', { name: '编辑 terms 中文' }));
    const editor = await screen.findByRole('region', { name: '编辑文档 terms（中文）' });
    const body = (await within(editor).findByLabelText(/正文/)) as HTMLTextAreaElement;
    expect(body.value).toBe(terms.body);
    const hostile = '正文开始\n\n<script>window.hacked = 1</script><img src=x onerror="window.hacked = 2">\n\n[点我](javascript:alert(1))';
    fireEvent.change(body, { target: { value: hostile } });
    fireEvent.change(within(editor).getByLabelText('标题'), { target: { value: '用户协议（修订）' } });

    fireEvent.click(within(editor).getByRole('button', { name: '预览' }));
    const preview = await within(editor).findByRole('region', { name: '预览（与玩家页面相同的渲染）' });
    expect(await within(preview).findByText('正文开始')).toBeTruthy();
    // Markdown, not text: the players' renderer drew it (a paragraph per block).
    expect(within(preview).getByText('正文开始').tagName).toBe('P');
    expect(preview.querySelectorAll('script, iframe, img')).toHaveLength(0);
    expect(within(preview).queryByRole('link', { name: '点我' })).toBeNull();
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();

    expect((within(editor).getByLabelText('作为新版本发布（版本号 +1）') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(editor).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/content/documents/save')).toHaveLength(1));
    const sent = callsTo(fetchFn, '/api/admin/content/documents/save')[0]!;
    expect([sent.get('key'), sent.get('lang'), sent.get('title'), sent.get('body'), sent.get('newVersion'), sent.get('category')]).toEqual([
      'terms',
      'zh',
      '用户协议（修订）',
      hostile,
      'true',
      'legal',
    ]);
    expect(await screen.findByText('已保存，玩家页面即时生效')).toBeTruthy();
  });

  it('moves between tabs with the arrow keys and shows the server’s refusal of a hostile link', async () => {
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('content', who),
      '/api/admin/content/documents': () => page([terms]),
      '/api/admin/content/notices': () => page([notice]),
      '/api/admin/content/notices/create': () => refuse(1001, '参数错误 url: 链接只能是以 / 开头的站内路径或 https:// 地址'),
      '/api/admin/content/notices/update': (p) => ({ ...notice, published: p.get('published') === 'true' }),
    });
    const router = renderAt('/admin/content');
    const documentsTab = await screen.findByRole('tab', { name: '文档' });
    expect(documentsTab.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(documentsTab, { key: 'ArrowRight' });
    const noticesTab = screen.getByRole('tab', { name: '公告' });
    expect(noticesTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(noticesTab);
    expect(router.state.location.search).toBe('?tab=notices');
    expect(await screen.findByText('欢迎来到 Skinfair')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '下架 welcome 中文' }));
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/content/notices/update')).toHaveLength(1));
    const archived = callsTo(fetchFn, '/api/admin/content/notices/update')[0]!;
    expect([archived.get('id'), archived.get('published'), archived.get('newVersion'), archived.get('title')]).toEqual([
      '4',
      'false',
      'false',
      notice.title,
    ]);

    fireEvent.click(screen.getByRole('button', { name: '新建公告' }));
    const editor = await screen.findByRole('region', { name: '新建公告' });
    fireEvent.change(within(editor).getByLabelText('键名'), { target: { value: 'maintenance' } });
    fireEvent.change(within(editor).getByLabelText('标题'), { target: { value: '维护' } });
    fireEvent.change(within(editor).getByLabelText('公告内容'), { target: { value: '今晚维护' } });
    fireEvent.change(within(editor).getByLabelText(/链接/), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(editor).getByRole('button', { name: '保存' }));
    expect((await within(editor).findByRole('alert')).textContent).toContain('链接只能是以 / 开头的站内路径或 https:// 地址');
    const sent = callsTo(fetchFn, '/api/admin/content/notices/create')[0]!;
    expect([sent.get('key'), sent.get('lang'), sent.get('body'), sent.get('url')]).toEqual([
      'maintenance',
      'zh',
      '今晚维护',
      'javascript:alert(1)',
    ]);
  });

  it('creates a banner, hides one, and edits an activity’s texts and switch', async () => {
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('admin', who),
      '/api/admin/content/banners': () => page([banner]),
      '/api/admin/content/banners/create': (p) => ({ ...banner, id: 8, key: p.get('key')! }),
      '/api/admin/content/banners/update': () => ({ ...banner, visible: false }),
      '/api/admin/content/banners/image': () => ({
        image: '/img/banners/0123456789abcdef01234567.webp',
        bytes: 1234,
        width: 1600,
        height: 500,
      }),
      '/api/admin/content/events': () => page([activity]),
      '/api/admin/content/events/update': () => activity,
    });
    renderAt('/admin/content?tab=banners');
    const row = (await screen.findByText('首次充值加赠 20%')).closest('tr')!;
    expect(within(row).getByText('/promotions')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '隐藏 first-deposit 中文' }));
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/content/banners/update')).toHaveLength(1));
    const hidden = callsTo(fetchFn, '/api/admin/content/banners/update')[0]!;
    expect([hidden.get('id'), hidden.get('visible'), hidden.get('url'), hidden.get('sortOrder')]).toEqual([
      '7',
      'false',
      '/promotions',
      '10',
    ]);

    fireEvent.click(screen.getByRole('button', { name: '新建横幅' }));
    const editor = await screen.findByRole('region', { name: '新建横幅' });
    fireEvent.change(within(editor).getByLabelText('键名'), { target: { value: 'battles' } });
    fireEvent.change(within(editor).getByLabelText(/排序/), { target: { value: '5' } });
    fireEvent.change(within(editor).getByLabelText('标题'), { target: { value: '对战上线' } });
    fireEvent.change(within(editor).getByLabelText(/图片说明/), { target: { value: '对战上线，查看对战' } });
    fireEvent.change(within(editor).getByLabelText(/^链接/), { target: { value: '/battles' } });
    const picture = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'banner.png', { type: 'image/png' });
    fireEvent.change(within(editor).getByLabelText(/或上传图片/), { target: { files: [picture] } });
    await waitFor(() =>
      expect((within(editor).getByLabelText(/图片地址/) as HTMLInputElement).value).toBe('/img/banners/0123456789abcdef01234567.webp'),
    );
    // The picture travels as base64 of its bytes.
    expect(callsTo(fetchFn, '/api/admin/content/banners/image')[0]!.get('data')).toBe('iVBORw==');
    expect(within(editor).getByRole('img', { name: '横幅图片预览' }).getAttribute('src')).toBe(
      '/img/banners/0123456789abcdef01234567.webp',
    );
    fireEvent.click(within(editor).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/content/banners/create')).toHaveLength(1));
    const created = callsTo(fetchFn, '/api/admin/content/banners/create')[0]!;
    expect([
      created.get('key'),
      created.get('lang'),
      created.get('sortOrder'),
      created.get('url'),
      created.get('visible'),
      created.get('image'),
    ]).toEqual(['battles', 'zh', '5', '/battles', 'true', '/img/banners/0123456789abcdef01234567.webp']);

    fireEvent.click(screen.getByRole('tab', { name: '活动' }));
    const task = (await screen.findByText('今日参与1次追梦')).closest('tr')!;
    fireEvent.click(within(task).getByRole('button', { name: '编辑 daily-dream' }));
    const activityEditor = await screen.findByRole('region', { name: '编辑活动 daily-dream' });
    expect(within(activityEditor).getByText(/目标 1，奖励 1（/)).toBeTruthy();
    fireEvent.change(within(activityEditor).getByLabelText('中文标题'), {
      target: { value: '今日追梦一次' },
    });
    fireEvent.click(within(activityEditor).getByLabelText('启用'));
    fireEvent.click(within(activityEditor).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/content/events/update')).toHaveLength(1));
    const edited = callsTo(fetchFn, '/api/admin/content/events/update')[0]!;
    expect([edited.get('id'), edited.get('titleZh'), edited.get('enabled'), edited.get('startsAt'), edited.get('rulesEn')]).toEqual([
      '3',
      '今日追梦一次',
      'false',
      activity.startsAt,
      null,
    ]);
  });

  it('lets an operations operator look but not change, and says where the promotions page comes from', async () => {
    stubApi({
      '/api/admin/me': () => meAs('operations', who),
      '/api/admin/content/documents': () => page([terms]),
      '/api/admin/content/document': () => [terms],
      '/api/common/promotionList': () => ({
        firstDeposit: { bonusPercent: 20, needsRealName: true },
        vipGrades: [{ grade: 1, name: '青铜', expMin: 0, rechargeBonusBp: 0, levelReward: 0, freeBoxes: 0 }],
        dailyTopUp: [{ minDeposit: 10_000, reward: 300 }],
      }),
    });
    renderAt('/admin/content');
    expect(await screen.findByText('你的角色只能查看内容，不能修改。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新建文档' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: '编辑 terms 中文' }));
    const editor = await screen.findByRole('region', { name: '编辑文档 terms（中文）' });
    expect(await within(editor).findByRole('button', { name: '预览' })).toBeTruthy();
    expect(within(editor).queryByRole('button', { name: '保存' })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: '优惠页面' }));
    expect(await screen.findByText(/首充加送：20%/)).toBeTruthy();
    expect(screen.getByText(/每日充值奖励档位/).textContent).toContain('100 → 3');
  });
});
