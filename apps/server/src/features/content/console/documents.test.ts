import { describe, expect, it } from 'vitest';
import { errorStatus } from '@skinfair/contract';
import { givenSession, givenUser } from '../../../testing/factories.js';
import { adminCall, givenOperator, pendingOperatorToken } from '../../../testing/operators.js';
import { toInt } from '../../../platform/db/rows.js';
import { t, db, playerGet, auditCount, auditRows, count } from './content-console-fixture.js';

const docParams = (over: Record<string, unknown> = {}) => ({
  key: 'terms',
  lang: 'zh',
  category: 'legal',
  title: '用户协议（修订）',
  summary: '使用本站前请阅读',
  body: '# 用户协议\n\n第一条：仅向年满 18 周岁的用户开放。',
  sortOrder: 10,
  published: true,
  ...over,
});

describe('who may call /api/admin/content/*', () => {
  it('refuses guests, players, operators before two-factor and roles without the permission, and writes nothing', async () => {
    const user = await givenUser(db());
    const playerToken = await givenSession(db(), user.id);
    const finance = await givenOperator(t.app, db(), 'finance');
    const operations = await givenOperator(t.app, db(), 'operations');
    const pending = await pendingOperatorToken(t.app, db(), 'content-pending');
    const noticeId = (await playerGet('/api/common/notice')).data[0].id as number;
    const bannerId = (await playerGet('/api/common/bannerList')).data[0].id as number;
    const activityId = (await playerGet('/api/event/list')).data.activities[0].id as number;
    const calls = [
      { method: 'GET' as const, url: '/api/admin/content/documents', params: {}, write: false },
      { method: 'GET' as const, url: '/api/admin/content/document', params: { key: 'terms' }, write: false },
      { method: 'GET' as const, url: '/api/admin/content/notices', params: {}, write: false },
      { method: 'GET' as const, url: '/api/admin/content/banners', params: {}, write: false },
      { method: 'GET' as const, url: '/api/admin/content/events', params: {}, write: false },
      { method: 'POST' as const, url: '/api/admin/content/documents/save', params: docParams({ title: '不应写入' }), write: true },
      {
        method: 'POST' as const,
        url: '/api/admin/content/notices/create',
        params: { key: 'nope', lang: 'zh', title: '不应写入', body: '正文' },
        write: true,
      },
      {
        method: 'POST' as const,
        url: '/api/admin/content/notices/update',
        params: { id: noticeId, title: '不应写入', body: '正文' },
        write: true,
      },
      {
        method: 'POST' as const,
        url: '/api/admin/content/banners/create',
        params: { key: 'nope', lang: 'zh', title: '不应写入', alt: '说明', url: '/home' },
        write: true,
      },
      {
        method: 'POST' as const,
        url: '/api/admin/content/banners/update',
        params: { id: bannerId, title: '不应写入', alt: '说明', url: '/home' },
        write: true,
      },
      { method: 'POST' as const, url: '/api/admin/content/banners/image', params: { data: 'iVBORw0KGgo=' }, write: true },
      {
        method: 'POST' as const,
        url: '/api/admin/content/events/update',
        params: { id: activityId, titleZh: '不应写入', rulesZh: '规则', startsAt: '2026-01-01T00:00:00Z', enabled: true },
        write: true,
      },
    ];
    const before = await auditCount();
    for (const c of calls) {
      const as = (headers: { adminToken?: string; playerToken?: string }) => adminCall(t.app, c.method, c.url, c.params, headers);
      expect((await as({})).status, `${c.url} guest`).toBe(errorStatus('ADMIN_NOT_LOGGED_IN'));
      expect((await as({ playerToken })).status, `${c.url} player`).toBe(errorStatus('ADMIN_NOT_LOGGED_IN'));
      expect((await as({ adminToken: playerToken })).status, `${c.url} player as admin`).toBe(errorStatus('ADMIN_NOT_LOGGED_IN'));
      expect((await as({ adminToken: pending })).status, `${c.url} pending`).toBe(errorStatus('ADMIN_TOTP_REQUIRED'));
      expect((await as({ adminToken: finance.token })).status, `${c.url} finance`).toBe(errorStatus('ADMIN_FORBIDDEN'));
      // operations may look at content but not change it.
      expect((await as({ adminToken: operations.token })).status, `${c.url} operations`).toBe(c.write ? errorStatus('ADMIN_FORBIDDEN') : 0);
    }
    expect(await auditCount()).toBe(before);
    expect((await playerGet('/api/common/document', { key: 'terms' })).data.title).not.toBe('不应写入');
  });
});

describe('documents', () => {
  it('publishes a new version that the player page serves at once, with one audit row holding before and after', async () => {
    const editor = await givenOperator(t.app, db(), 'content');
    const old = (await playerGet('/api/common/document', { key: 'terms' })).data;
    const auditBefore = await auditCount();

    const saved = await adminCall(t.app, 'POST', '/api/admin/content/documents/save', docParams(), { adminToken: editor.token });
    expect(saved.status).toBe(0);
    expect(saved.data).toMatchObject({
      key: 'terms',
      lang: 'zh',
      version: old.version + 1,
      source: 'operator',
      published: true,
      title: '用户协议（修订）',
    });
    expect(await auditCount()).toBe(auditBefore + 1);
    const [row] = await auditRows('content.document.update', 'terms:zh');
    expect(toInt(row!.operator_id)).toBe(editor.id);
    expect(row!.before).toMatchObject({ title: old.title, version: old.version });
    // The audit keeps the stored text, whose rate placeholder the player page fills in (issue 27 §5).
    const storedBefore = String((row!.before as { body: unknown }).body);
    expect(storedBefore.replace(/\{firstDepositPercent\}/g, /当前为 (\d+(?:\.\d+)?)%/.exec(old.content)?.[1] ?? '')).toBe(old.content);
    expect(row!.after).toMatchObject({ title: '用户协议（修订）', version: old.version + 1 });

    const served = (await playerGet('/api/common/document', { key: 'terms' })).data;
    expect(served).toMatchObject({ title: '用户协议（修订）', version: old.version + 1, content: docParams().body });
    // English keeps its own text and version: each language is its own row.
    const en = (await playerGet('/api/common/document', { key: 'terms' }, 'en')).data;
    expect(en.lang).toBe('en');
    expect(en.title).not.toBe('用户协议（修订）');

    // A correction keeps the version; the admin detail shows both languages.
    const fixed = await adminCall(t.app, 'POST', '/api/admin/content/documents/save', docParams({ title: '用户协议', newVersion: false }), {
      adminToken: editor.token,
    });
    expect(fixed.data.version).toBe(old.version + 1);
    const detail = await adminCall(t.app, 'GET', '/api/admin/content/document', { key: 'terms' }, { adminToken: editor.token });
    expect(detail.data.map((d: { lang: string }) => d.lang)).toEqual(['zh', 'en']);
    const list = await adminCall(
      t.app,
      'GET',
      '/api/admin/content/documents',
      { category: 'legal', lang: 'zh', keyword: 'terms' },
      { adminToken: editor.token },
    );
    expect(list.data.pageData.map((d: { key: string }) => d.key)).toEqual(['terms']);
  });

  it('creates a new document, schedules a publication and unpublishes', async () => {
    const editor = await givenOperator(t.app, db(), 'content');
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const created = await adminCall(
      t.app,
      'POST',
      '/api/admin/content/documents/save',
      docParams({ key: 'refunds', category: 'help', title: '退款说明', body: '退款规则', publishAt: future }),
      { adminToken: editor.token },
    );
    expect(created.status).toBe(0);
    expect(created.data).toMatchObject({ version: 1, source: 'operator', publishedAt: future });
    expect(await auditRows('content.document.create', 'refunds:zh')).toHaveLength(1);
    // Scheduled: not served before its time.
    expect((await playerGet('/api/common/document', { key: 'refunds' })).status).toBe(errorStatus('NOT_FOUND'));

    await adminCall(
      t.app,
      'POST',
      '/api/admin/content/documents/save',
      docParams({ key: 'refunds', category: 'help', title: '退款说明', body: '退款规则' }),
      { adminToken: editor.token },
    );
    expect((await playerGet('/api/common/document', { key: 'refunds' })).data.title).toBe('退款说明');
    await adminCall(
      t.app,
      'POST',
      '/api/admin/content/documents/save',
      docParams({ key: 'refunds', category: 'help', title: '退款说明', body: '退款规则', published: false }),
      { adminToken: editor.token },
    );
    expect((await playerGet('/api/common/document', { key: 'refunds' })).status).toBe(errorStatus('NOT_FOUND'));
  });

  it('stores a script body as text: the player route answers it as JSON data, never as markup', async () => {
    const editor = await givenOperator(t.app, db(), 'content');
    const hostile = '<script>window.hacked = 1</script><img src=x onerror="window.hacked = 2">\n\n[点我](javascript:alert(1))';
    const saved = await adminCall(
      t.app,
      'POST',
      '/api/admin/content/documents/save',
      docParams({ key: 'xss-probe', category: 'help', title: '<b>标题</b>', body: hostile }),
      { adminToken: editor.token },
    );
    expect(saved.status).toBe(0);
    const served = await playerGet('/api/common/document', { key: 'xss-probe' });
    // Served byte for byte inside a JSON string (the web page renders it with react-markdown and no raw
    // HTML: apps/web/src/features/docs/docs.test.tsx "Markdown safety", and the console's preview test).
    expect(served.contentType).toContain('application/json');
    expect(served.data.content).toBe(hostile);
    expect(served.data.title).toBe('<b>标题</b>');
  });

  it('takes a body of the full 20000 characters through the console’s form encoding', async () => {
    const editor = await givenOperator(t.app, db(), 'content');
    const body = '长'.repeat(20_000);
    // The console posts a form: each Chinese character is 9 bytes there (%E9%95%BF), 180 KB in all.
    const form = new URLSearchParams(
      Object.entries(docParams({ key: 'long-read', category: 'news', body })).map(([k, v]) => [k, String(v)]),
    ).toString();
    expect(form.length).toBeGreaterThan(64 * 1024);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/content/documents/save',
      headers: { 'admin-token': editor.token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    expect(res.json().status).toBe(0);
    expect((await playerGet('/api/common/document', { key: 'long-read' })).data.content).toBe(body);
  });

  it('refuses bad input in Chinese and writes nothing', async () => {
    const editor = await givenOperator(t.app, db(), 'content');
    const docsBefore = await count('documents');
    const auditBefore = await auditCount();
    const save = (over: Record<string, unknown>) =>
      adminCall(t.app, 'POST', '/api/admin/content/documents/save', docParams(over), { adminToken: editor.token });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: ' ' }, '请填写标题'],
      [{ title: '长'.repeat(101) }, '标题不能超过100个字符'],
      [{ body: '' }, '请填写正文'],
      [{ body: 'x'.repeat(20_001) }, '正文不能超过20000个字符'],
      // U+0000 cannot be stored in a text column: refused before any query.
      [{ body: 'a\u0000b' }, '参数错误'],
      [{ key: '../etc' }, '键名'],
      [{ key: 'Terms' }, '键名'],
      [{ lang: 'fr' }, '语言'],
      [{ category: 'secret' }, '参数错误'],
      [{ publishAt: 'tomorrow' }, '时间格式'],
    ];
    for (const [over, message] of cases) {
      const res = await save(over);
      expect(res.status, JSON.stringify(over).slice(0, 60)).toBe(errorStatus('PARAM_INVALID'));
      expect(res.msg).toContain(message);
    }
    // Past the route's body limit (256 KiB) the request is refused before it is parsed.
    const huge = await save({ body: '长'.repeat(100_000) });
    expect(huge.status).toBe(errorStatus('PAYLOAD_TOO_LARGE'));
    expect(huge.msg).toBe('请求内容过大');
    expect(await count('documents')).toBe(docsBefore);
    expect(await auditCount()).toBe(auditBefore);
  });
});

describe('notices', () => {
  it('creates, edits with a new version, archives and republishes; the player route follows every step', async () => {
    const editor = await givenOperator(t.app, db(), 'content');
    const auditBefore = await auditCount();
    const created = await adminCall(
      t.app,
      'POST',
      '/api/admin/content/notices/create',
      { key: 'maintenance', lang: 'zh', title: '维护通知', body: '今晚 2 点维护\n预计 30 分钟', url: '/docs/help/faq' },
      { adminToken: editor.token },
    );
    expect(created.status).toBe(0);
    const id = created.data.id as number;
    expect(created.data).toMatchObject({ version: 1, published: true, source: 'operator' });
    let newest = (await playerGet('/api/common/notice')).data[0];
    expect(newest).toMatchObject({ id, title: '维护通知', content: '今晚 2 点维护\n预计 30 分钟', url: '/docs/help/faq', version: 1 });

    const edited = await adminCall(
      t.app,
      'POST',
      '/api/admin/content/notices/update',
      { id, title: '维护通知（延后）', body: '改为 3 点', url: '' },
      { adminToken: editor.token },
    );
    expect(edited.data).toMatchObject({ version: 2, url: null });
    newest = (await playerGet('/api/common/notice')).data[0];
    expect(newest).toMatchObject({ id, title: '维护通知（延后）', version: 2, url: null });

    await adminCall(
      t.app,
      'POST',
      '/api/admin/content/notices/update',
      { id, title: '维护通知（延后）', body: '改为 3 点', published: false, newVersion: false },
      { adminToken: editor.token },
    );
    expect((await playerGet('/api/common/notice', { topN: 10 })).data.map((n: { id: number }) => n.id)).not.toContain(id);

    await adminCall(
      t.app,
      'POST',
      '/api/admin/content/notices/update',
      { id, title: '维护通知（延后）', body: '改为 3 点', published: true, newVersion: false },
      { adminToken: editor.token },
    );
    expect((await playerGet('/api/common/notice')).data[0]).toMatchObject({ id, version: 2 });

    expect(await auditCount()).toBe(auditBefore + 4);
    const rows = await auditRows('content.notice.update', String(id));
    expect(rows).toHaveLength(3);
    expect(rows[0]!.before).toMatchObject({ title: '维护通知', version: 1 });
    expect(rows[0]!.after).toMatchObject({ title: '维护通知（延后）', version: 2 });
    expect(rows[1]!.after).toMatchObject({ published: false });

    const list = await adminCall(t.app, 'GET', '/api/admin/content/notices', { lang: 'zh' }, { adminToken: editor.token });
    expect(list.data.pageData.map((n: { id: number }) => n.id)).toContain(id);
  });

  it('refuses hostile links, oversize bodies, duplicate keys and unknown ids with nothing written', async () => {
    const editor = await givenOperator(t.app, db(), 'content');
    const id = (await playerGet('/api/common/notice')).data[0].id as number;
    const noticesBefore = await count('notices');
    const auditBefore = await auditCount();
    const create = (over: Record<string, unknown>) =>
      adminCall(
        t.app,
        'POST',
        '/api/admin/content/notices/create',
        { key: 'hostile', lang: 'zh', title: '标题', body: '正文', ...over },
        { adminToken: editor.token },
      );
    for (const url of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>1</script>',
      '//evil.example',
      '/\\evil.example',
      'http://example.com',
      'https://',
      'https://user:pw@example.com',
      '/a b',
      'java\tscript:alert(1)',
    ]) {
      const res = await create({ url });
      expect(res.status, url).toBe(errorStatus('PARAM_INVALID'));
      expect(res.msg, url).toContain('链接只能是');
    }
    expect((await create({ body: '长'.repeat(2_001) })).msg).toContain('公告内容不能超过2000个字符');
    expect((await create({ key: 'welcome' })).status).toBe(errorStatus('ADMIN_CONTENT_EXISTS'));
    const missing = await adminCall(
      t.app,
      'POST',
      '/api/admin/content/notices/update',
      { id: 999_999, title: '标题', body: '正文' },
      { adminToken: editor.token },
    );
    expect(missing.status).toBe(errorStatus('ADMIN_CONTENT_NOT_FOUND'));
    expect(missing.msg).toBe('内容不存在或已删除');
    const hostileUpdate = await adminCall(
      t.app,
      'POST',
      '/api/admin/content/notices/update',
      { id, title: '标题', body: '正文', url: 'javascript:alert(1)' },
      { adminToken: editor.token },
    );
    expect(hostileUpdate.status).toBe(errorStatus('PARAM_INVALID'));
    expect(await count('notices')).toBe(noticesBefore);
    expect(await auditCount()).toBe(auditBefore);
    expect(String((await playerGet('/api/common/notice')).data[0].url ?? '')).not.toContain('javascript');
  });
});
