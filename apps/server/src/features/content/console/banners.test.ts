import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { errorStatus } from '@skinfair/contract';
import { adminCall, givenOperator } from '../../../testing/operators.js';
import { queryRows, toInt } from '../../../platform/db/rows.js';
import { t, db, playerGet, auditCount, auditRows, count, type Json } from './content-console-fixture.js';

describe('banners', () => {
  it('creates, reorders, schedules and hides banners; the carousel call follows', async () => {
    const editor = await givenOperator(t.app, db(), 'content');
    const auditBefore = await auditCount();
    const created = await adminCall(
      t.app,
      'POST',
      '/api/admin/content/banners/create',
      {
        key: 'battles',
        lang: 'zh',
        title: '对战上线',
        alt: '对战上线，查看对战',
        url: '/battles',
        image: '/images/battle.webp',
        sortOrder: 1,
      },
      { adminToken: editor.token },
    );
    expect(created.status).toBe(0);
    const id = created.data.id as number;
    let shown = (await playerGet('/api/common/bannerList')).data;
    expect(shown[0]).toMatchObject({ id, title: '对战上线', url: '/battles', image: '/images/battle.webp', weight: 1 });
    // A banner speaks its language only.
    expect((await playerGet('/api/common/bannerList', {}, 'en')).data.map((b: { id: number }) => b.id)).not.toContain(id);

    const update = (over: Record<string, unknown>) =>
      adminCall(
        t.app,
        'POST',
        '/api/admin/content/banners/update',
        { id, title: '对战上线', alt: '对战上线，查看对战', url: '/battles', image: '', sortOrder: 1, ...over },
        { adminToken: editor.token },
      );
    expect((await update({ sortOrder: 999 })).data).toMatchObject({ sortOrder: 999, image: null });
    shown = (await playerGet('/api/common/bannerList')).data;
    expect(shown.at(-1)).toMatchObject({ id, weight: 999, image: null });

    const later = new Date(Date.now() + 86_400_000).toISOString();
    expect((await update({ startsAt: later })).status).toBe(0);
    expect((await playerGet('/api/common/bannerList')).data.map((b: { id: number }) => b.id)).not.toContain(id);
    expect((await update({ startsAt: '', visible: false })).data.visible).toBe(false);
    expect((await playerGet('/api/common/bannerList')).data.map((b: { id: number }) => b.id)).not.toContain(id);
    expect((await update({ visible: true, url: 'https://example.com/event' })).status).toBe(0);
    expect((await playerGet('/api/common/bannerList')).data.find((b: { id: number }) => b.id === id).url).toBe('https://example.com/event');

    expect(await auditCount()).toBe(auditBefore + 5);
    const [first] = await auditRows('content.banner.update', String(id));
    expect(first!.before).toMatchObject({ sortOrder: 1, image: '/images/battle.webp' });
    expect(first!.after).toMatchObject({ sortOrder: 999, image: null });
  });

  it('refuses javascript: and other hostile links and pictures, a reversed window and oversize texts', async () => {
    const editor = await givenOperator(t.app, db(), 'content');
    const id = (await playerGet('/api/common/bannerList')).data[0].id as number;
    const bannersBefore = await count('banners');
    const auditBefore = await auditCount();
    const create = (over: Record<string, unknown>) =>
      adminCall(
        t.app,
        'POST',
        '/api/admin/content/banners/create',
        { key: 'hostile', lang: 'zh', title: '标题', alt: '说明', url: '/home', ...over },
        { adminToken: editor.token },
      );
    for (const url of ['javascript:alert(document.cookie)', 'vbscript:msgbox(1)', '//evil.example/x', 'http://example.com', '', 'home']) {
      const res = await create({ url });
      expect(res.status, url).toBe(errorStatus('PARAM_INVALID'));
      expect(res.msg, url).toContain('链接只能是');
    }
    for (const image of [
      'javascript:alert(1)',
      '/images/../secret',
      '//evil.example/a.png',
      '/images/a.png" onerror="x',
      'data:image/png;base64,AAAA',
    ]) {
      const res = await create({ image });
      expect(res.status, image).toBe(errorStatus('PARAM_INVALID'));
      expect(res.msg, image).toContain('图片地址');
    }
    const reversed = await create({ startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' });
    expect(reversed.msg).toContain('结束时间必须晚于开始时间');
    expect((await create({ title: '长'.repeat(61) })).msg).toContain('标题不能超过60个字符');
    expect((await create({ key: 'first-deposit' })).status).toBe(errorStatus('ADMIN_CONTENT_EXISTS'));
    const hostileUpdate = await adminCall(
      t.app,
      'POST',
      '/api/admin/content/banners/update',
      { id, title: '标题', alt: '说明', url: 'javascript:alert(1)' },
      { adminToken: editor.token },
    );
    expect(hostileUpdate.status).toBe(errorStatus('PARAM_INVALID'));
    expect(await count('banners')).toBe(bannersBefore);
    expect(await auditCount()).toBe(auditBefore);
    expect(
      (await playerGet('/api/common/bannerList')).data.every((b: { url: string }) => b.url.startsWith('/') || b.url.startsWith('https://')),
    ).toBe(true);
  });
});

describe('events', () => {
  it('edits an activity’s texts, window and switch; /api/event/list follows, and a reversed window is refused', async () => {
    const editor = await givenOperator(t.app, db(), 'content');
    const list = await adminCall(t.app, 'GET', '/api/admin/content/events', {}, { adminToken: editor.token });
    const task = list.data.pageData.find((a: { slug: string }) => a.slug === 'daily-dream');
    expect(task).toMatchObject({ kind: 'task', enabled: true, rewardFen: 100 });
    const auditBefore = await auditCount();
    const update = (over: Record<string, unknown>) =>
      adminCall(
        t.app,
        'POST',
        '/api/admin/content/events/update',
        {
          id: task.id,
          titleZh: '今日追梦一次',
          titleEn: 'Dream once today',
          rulesZh: '<script>x</script> 规则',
          rulesEn: '',
          startsAt: task.startsAt,
          endsAt: '',
          enabled: true,
          sortOrder: 5,
          ...over,
        },
        { adminToken: editor.token },
      );
    const edited = await update({});
    expect(edited.status).toBe(0);
    expect(edited.data).toMatchObject({ titleZh: '今日追梦一次', rulesEn: null, sortOrder: 5, rewardFen: 100, target: 1 });
    const zh = (await playerGet('/api/event/list')).data.activities.find((a: { id: number }) => a.id === task.id);
    expect(zh).toMatchObject({ title: '今日追梦一次', rules: '<script>x</script> 规则' });
    const en = (await playerGet('/api/event/list', {}, 'en')).data.activities.find((a: { id: number }) => a.id === task.id);
    // No English rules: the Chinese ones are served.
    expect(en).toMatchObject({ title: 'Dream once today', rules: '<script>x</script> 规则' });

    expect((await update({ enabled: false })).data.enabled).toBe(false);
    expect((await playerGet('/api/event/list')).data.activities.map((a: { id: number }) => a.id)).not.toContain(task.id);
    const ended = new Date(Date.now() - 1_000).toISOString();
    expect((await update({ enabled: true, endsAt: ended, startsAt: '2026-01-01T00:00:00Z' })).status).toBe(0);
    expect((await playerGet('/api/event/list')).data.activities.map((a: { id: number }) => a.id)).not.toContain(task.id);
    await update({});

    const [row] = await auditRows('content.activity.update', String(task.id));
    expect(row!.before).toMatchObject({ titleZh: task.titleZh, sortOrder: task.sortOrder });
    expect(row!.after).toMatchObject({ titleZh: '今日追梦一次', sortOrder: 5 });
    expect(await auditCount()).toBe(auditBefore + 4);

    const reversed = await update({ startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' });
    expect(reversed.status).toBe(errorStatus('PARAM_INVALID'));
    expect(reversed.msg).toContain('结束时间必须晚于开始时间');
    expect((await update({ titleZh: '' })).msg).toContain('请填写中文标题');
    const missing = await adminCall(
      t.app,
      'POST',
      '/api/admin/content/events/update',
      { id: 999_999, titleZh: '标题', rulesZh: '规则', startsAt: '2026-01-01T00:00:00Z', enabled: true },
      { adminToken: editor.token },
    );
    expect(missing.status).toBe(errorStatus('ADMIN_ACTIVITY_NOT_FOUND'));
    expect(await auditCount()).toBe(auditBefore + 4);
  });

  it('gives a re-enabled leaderboard its settlement job for the running period', async () => {
    const editor = await givenOperator(t.app, db(), 'content');
    const board = (await adminCall(t.app, 'GET', '/api/admin/content/events', {}, { adminToken: editor.token })).data.pageData.find(
      (a: { kind: string }) => a.kind === 'leaderboard',
    );
    const params = {
      id: board.id,
      titleZh: board.titleZh,
      rulesZh: board.rulesZh,
      titleEn: board.titleEn,
      rulesEn: board.rulesEn,
      startsAt: board.startsAt,
      sortOrder: board.sortOrder,
    };
    await adminCall(t.app, 'POST', '/api/admin/content/events/update', { ...params, enabled: false }, { adminToken: editor.token });
    await queryRows(db(), sql`DELETE FROM jobs WHERE dedupe_key LIKE ${`event-settle:${board.id}:%`}`);
    await adminCall(t.app, 'POST', '/api/admin/content/events/update', { ...params, enabled: true }, { adminToken: editor.token });
    const jobs = await queryRows<{ n: unknown }>(
      db(),
      sql`SELECT count(*) AS n FROM jobs WHERE dedupe_key LIKE ${`event-settle:${board.id}:%`}`,
    );
    expect(toInt(jobs[0]?.n)).toBe(1);
  });
});

describe('banner pictures', () => {
  const upload = (token: string, data: string) => {
    const form = new URLSearchParams({ data }).toString();
    return t.app
      .inject({
        method: 'POST',
        url: '/api/admin/content/banners/image',
        headers: { 'admin-token': token, 'content-type': 'application/x-www-form-urlencoded' },
        payload: form,
      })
      .then((r) => r.json() as Json);
  };

  it('re-encodes an uploaded picture to WebP under a random name that a banner can show; one audit row', async () => {
    const editor = await givenOperator(t.app, db(), 'content');
    const png = await sharp({ create: { width: 3200, height: 1000, channels: 3, background: '#ff8800' } })
      .png()
      .toBuffer();
    const auditBefore = await auditCount();
    const res = await upload(editor.token, png.toString('base64'));
    expect(res.status).toBe(0);
    expect(res.data.image).toMatch(/^\/img\/banners\/[0-9a-f]{24}\.webp$/);
    // Scaled down to the carousel's largest size, never up.
    expect([res.data.width, res.data.height]).toEqual([1600, 500]);
    expect(await auditCount()).toBe(auditBefore + 1);
    expect(await auditRows('content.banner.imageUpload', res.data.image)).toHaveLength(1);

    const served = await t.app.inject({ method: 'GET', url: res.data.image });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');

    const created = await adminCall(
      t.app,
      'POST',
      '/api/admin/content/banners/create',
      { key: 'uploaded', lang: 'zh', title: '新图', alt: '新图说明', url: '/home', image: res.data.image },
      { adminToken: editor.token },
    );
    expect(created.data.image).toBe(res.data.image);
    expect((await playerGet('/api/common/bannerList')).data.find((b: { id: number }) => b.id === created.data.id).image).toBe(
      res.data.image,
    );
  });

  it('refuses a script in an SVG, text, a truncated file, an oversize file and operators without content.write', async () => {
    const editor = await givenOperator(t.app, db(), 'content');
    const operations = await givenOperator(t.app, db(), 'operations');
    const auditBefore = await auditCount();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="10" height="10"/></svg>',
    );
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    // Just over 2 MB: refused by its size; far over it, the request is refused before it is read (1005).
    const big = await sharp({ create: { width: 860, height: 860, channels: 3, background: '#123456' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(big.length).toBeLessThan(2.5 * 1024 * 1024);
    const huge = Buffer.alloc(4 * 1024 * 1024, 1);
    for (const [name, bytes] of [
      ['svg', svg],
      ['text', Buffer.from('<html><script>alert(1)</script></html>')],
      ['truncated', png.subarray(0, png.length - 20)],
      ['oversize', big],
    ] as const) {
      const res = await upload(editor.token, bytes.toString('base64'));
      expect(res.status, name).toBe(errorStatus('IMAGE_INVALID'));
      expect(res.msg, name).toBe('请上传2MB以内的JPG、PNG或WEBP图片');
    }
    expect((await upload(editor.token, huge.toString('base64'))).status).toBe(errorStatus('PAYLOAD_TOO_LARGE'));
    expect((await upload(editor.token, 'not base64!')).status).toBe(errorStatus('IMAGE_INVALID'));
    expect((await upload(operations.token, png.toString('base64'))).status).toBe(errorStatus('ADMIN_FORBIDDEN'));
    expect(await auditCount()).toBe(auditBefore);
  });
});
