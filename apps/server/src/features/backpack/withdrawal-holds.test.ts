import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorStatus } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { usingPostgres } from '../../testing/test-db.js';
import { call, refused } from '../../testing/auth-helpers.js';
import { adminCall, givenOperator } from '../../testing/operators.js';
import { holdsHarness, tradeLink } from '../../testing/withdrawal-holds.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { readSmsOutbox, type SmsProvider } from '../../platform/providers/index.js';

/**
 * Issue 24 §2 (decision 0045): after a trade link change withdrawals wait; the player is told in-site and by
 * SMS; an operator may release a hold with an audit row; the hours are a console setting.
 * (security-change-holds.test.ts: the other changes that hold withdrawals.)
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const h = holdsHarness(() => t);
const { db, post, info, retrieve, holdReasons, noticeJobs, messages, securityTicket, playerWithItem, jobRunner, drain } = h;
beforeEach(h.clearSendLimits);
const P = '/api/personalCenter';
/** Every hold of the player ends now (as if its hours had passed). */
const endHolds = (userId: number) =>
  db().execute(sql`UPDATE withdrawal_holds SET until = now() - interval '1 second' WHERE user_id = ${userId}`);

describe('a trade link change holds withdrawals', () => {
  it('refuses ornamentRetrieval until the hold ends, names its end, and tells the player in-site and by SMS', async () => {
    const p = await playerWithItem();
    expect(await info(p)).toMatchObject({ withdrawalHoldUntil: null });
    expect((await post(p, 'modifyTradeUrl', { tradeUrl: tradeLink(4242), securityToken: await securityTicket(p) })).status).toBe(0);

    const until = (await info(p)).withdrawalHoldUntil as string;
    const beijing = new Date(Date.parse(until) + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
    const refusal = await retrieve(p);
    expect(refusal).toMatchObject({ status: errorStatus('WITHDRAWAL_HOLD'), data: null });
    expect(refusal.msg).toBe(`提取暂缓至 ${beijing}（北京时间）：您的账户近期交易链接已更换。如非本人操作，请立即修改密码并联系客服。`);
    expect((await call(t.app, 'GET', `${P}/getMyOrnamentPage`, { state: 0 }, p.token)).data.totalRows).toBe(1);

    const notice = (await messages(p)).find((m) => m.title === '账户安全提醒')!;
    expect(notice.content).toContain('交易链接已更换');
    expect(notice.content).toContain(`提取将暂缓至 ${beijing}（北京时间）`);
    expect(notice.content).toContain('如非本人操作，请立即修改登录密码');
    expect(await noticeJobs(p.mobile)).toEqual([
      { payload: expect.objectContaining({ change: '交易链接已更换', until: beijing.slice(5) }) },
    ]);
    await drain(jobRunner());
    const [sms] = await readSmsOutbox(db(), p.mobile, 1);
    expect(sms!.text).toBe(
      `【Skinfair】您的账户交易链接已更换，饰品提取暂缓至${beijing.slice(5)}（北京时间）。如非本人操作，请立即修改密码并联系客服。`,
    );

    await endHolds(p.userId);
    expect(await info(p)).toMatchObject({ withdrawalHoldUntil: null });
    const done = await retrieve(p);
    expect(done.status).toBe(0);
    const [row] = await queryRows<{ trade_url: string }>(db(), sql`SELECT trade_url FROM retrievals WHERE inventory_item_id = ${p.itemId}`);
    expect(row!.trade_url).toBe(tradeLink(4242));
  });

  it('keeps the change when the SMS fails (the job retries), and without a notice template only logs', async () => {
    const p = await playerWithItem();
    expect((await post(p, 'modifyTradeUrl', { tradeUrl: tradeLink(5151), securityToken: await securityTicket(p) })).status).toBe(0);
    const failing: SmsProvider = {
      name: 'down',
      send: async () => {},
      sendNotice: async () => Promise.reject(new Error('gateway down')),
    };
    await jobRunner(failing).runOnce();
    const [job] = await queryRows<{ state: string; last_error: string }>(
      db(),
      sql`SELECT state, last_error FROM jobs WHERE kind = 'users.securityNotice' AND payload->>'phone' = ${p.mobile}`,
    );
    expect(job).toMatchObject({ state: 'pending', last_error: 'gateway down' });
    expect((await info(p)).tradeUrl).toBe(tradeLink(5151));

    const warned: object[] = [];
    await drain(jobRunner({ name: 'no-template', send: async () => {} }, { warn: (o: object) => void warned.push(o) }));
    expect(warned).toEqual([expect.objectContaining({ provider: 'no-template' })]);
    const [after] = await queryRows<{ state: string }>(
      db(),
      sql`SELECT state FROM jobs WHERE kind = 'users.securityNotice' AND payload->>'phone' = ${p.mobile}`,
    );
    expect(after!.state).toBe('done');
  });
});

describe('the console and a hold', () => {
  it('shows the holds in force on the player; support releases one, with an audit row, once', async () => {
    const p = await playerWithItem();
    expect((await post(p, 'modifyTradeUrl', { tradeUrl: tradeLink(6161), securityToken: await securityTicket(p) })).status).toBe(0);
    const support = await givenOperator(t.app, db(), 'support');
    const content = await givenOperator(t.app, db(), 'content');
    const detail = await adminCall(t.app, 'GET', '/api/admin/players/detail', { id: p.userId }, { adminToken: support.token });
    expect(detail.data.withdrawalHolds).toEqual([
      expect.objectContaining({ reason: 'trade_url', until: (await info(p)).withdrawalHoldUntil }),
    ]);
    const holdId = detail.data.withdrawalHolds[0].id as number;

    const release = (token: string, reason = '玩家来电核实身份') =>
      adminCall(t.app, 'POST', '/api/admin/players/releaseWithdrawalHold', { id: holdId, reason }, { adminToken: token });
    expect((await release(content.token)).status).toBe(errorStatus('ADMIN_FORBIDDEN'));
    expect((await release(support.token, '')).status).toBe(errorStatus('PARAM_INVALID'));
    expect((await retrieve(p)).status).toBe(errorStatus('WITHDRAWAL_HOLD'));
    expect(await release(support.token)).toMatchObject({ status: 0, data: { id: holdId, userId: p.userId } });
    expect(await release(support.token)).toEqual(refused('WITHDRAWAL_HOLD_NOT_FOUND'));

    const audit = await queryRows<{
      operator_id: unknown;
      before: { holdId: number };
      after: { reason: string };
    }>(
      db(),
      sql`SELECT operator_id, before, after FROM audit_log WHERE action = 'player.releaseWithdrawalHold' AND target_id = ${String(p.userId)}`,
    );
    expect(audit).toHaveLength(1);
    expect(toInt(audit[0]!.operator_id)).toBe(support.id);
    expect(audit[0]!.before).toMatchObject({ holdId, holdReason: 'trade_url', releasedAt: null });
    expect(audit[0]!.after).toMatchObject({ holdId, reason: '玩家来电核实身份' });
    expect(
      (await adminCall(t.app, 'GET', '/api/admin/players/detail', { id: p.userId }, { adminToken: support.token })).data.withdrawalHolds,
    ).toEqual([]);
    expect((await retrieve(p)).status).toBe(0);
  });

  it('edits the hold hours (admin only, bounded, audited); 0 places no hold but still tells the player', async () => {
    const admin = await givenOperator(t.app, db(), 'admin');
    const support = await givenOperator(t.app, db(), 'support');
    const rules = (token: string) => adminCall(t.app, 'GET', '/api/admin/withdrawals/rules', {}, { adminToken: token });
    const save = (token: string, params: Record<string, unknown>) =>
      adminCall(t.app, 'POST', '/api/admin/withdrawals/rules', params, { adminToken: token });
    const defaults = (await rules(support.token)).data;
    expect(defaults).toEqual({ holdHours: 24, reviewAboveFen: 200_000, reviewDailyCount: 20 });
    expect((await save(support.token, { ...defaults, holdHours: 0, reason: '测试关闭' })).status).toBe(errorStatus('ADMIN_FORBIDDEN'));
    expect((await save(admin.token, { ...defaults, holdHours: 169, reason: '太长' })).status).toBe(errorStatus('PARAM_INVALID'));
    expect(await save(admin.token, { ...defaults, holdHours: 0, reason: '演练：暂停提取冷静期' })).toMatchObject({
      status: 0,
      data: { ...defaults, holdHours: 0 },
    });
    const [audit] = await queryRows<{ before: unknown; after: unknown }>(
      db(),
      sql`SELECT before, after FROM audit_log WHERE action = 'withdrawal.rules' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toEqual({
      before: defaults,
      after: { ...defaults, holdHours: 0, reason: '演练：暂停提取冷静期' },
    });
    try {
      const p = await playerWithItem();
      expect(
        (
          await post(p, 'modifyTradeUrl', {
            tradeUrl: tradeLink(7171),
            securityToken: await securityTicket(p),
          })
        ).status,
      ).toBe(0);
      expect(await holdReasons(p.userId)).toEqual([]);
      expect(await noticeJobs(p.mobile)).toEqual([]);
      expect((await messages(p)).find((m) => m.title === '账户安全提醒')?.content).toContain('交易链接已更换');
      expect((await retrieve(p)).status).toBe(0);
    } finally {
      expect((await save(admin.token, { ...defaults, reason: '恢复默认' })).status).toBe(0);
    }
  });
});

describe.skipIf(!usingPostgres())('releasing a hold under concurrency (PostgreSQL)', () => {
  it('four operators releasing one hold at once: one release, one audit row', async () => {
    const p = await playerWithItem();
    expect((await post(p, 'modifyTradeUrl', { tradeUrl: tradeLink(8181), securityToken: await securityTicket(p) })).status).toBe(0);
    const ops = await Promise.all([0, 1, 2, 3].map(() => givenOperator(t.app, db(), 'support')));
    const [hold] = await queryRows<{ id: unknown }>(db(), sql`SELECT id FROM withdrawal_holds WHERE user_id = ${p.userId}`);
    const results = await Promise.all(
      ops.map((op) =>
        adminCall(
          t.app,
          'POST',
          '/api/admin/players/releaseWithdrawalHold',
          { id: toInt(hold!.id), reason: '并发解除' },
          { adminToken: op.token },
        ),
      ),
    );
    expect(results.filter((r) => r.status === 0)).toHaveLength(1);
    expect(results.filter((r) => r.status === errorStatus('WITHDRAWAL_HOLD_NOT_FOUND'))).toHaveLength(3);
    const [audits] = await queryRows<{ n: unknown }>(
      db(),
      sql`SELECT count(*) AS n FROM audit_log WHERE action = 'player.releaseWithdrawalHold' AND target_id = ${String(p.userId)}`,
    );
    expect(toInt(audits!.n)).toBe(1);
    expect((await retrieve(p)).status).toBe(0);
  });
});
