import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorStatus } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { usingPostgres } from '../../testing/test-db.js';
import {
  call,
  freshMobile,
  PASSWORD,
  refused,
  registerUser,
  smsCodeFor,
  userSmsCodeFor,
} from '../../testing/auth-helpers.js';
import { adminCall, givenOperator } from '../../testing/operators.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { createJobRunner } from '../../platform/jobs/index.js';
import { readSmsOutbox, type SmsProvider } from '../../platform/providers/index.js';
import { createAppContext, registerJobHandlers } from '../../app.js';
import { startFakeOpenIdProvider, type FakeOpenIdProvider } from '../../testing/fake-openid-provider.js';
import { grantItems } from './index.js';

/**
 * Issue 24 §2 (decision 0045): after a trade link, password or phone change or a login from a new device,
 * withdrawals wait; the player is told in-site and by SMS; an operator may release a hold with an audit row.
 */
let t: TestApp;
let steam: FakeOpenIdProvider;
beforeAll(async () => {
  steam = await startFakeOpenIdProvider();
  t = await buildTestApp({
    env: { STEAM_OPENID_ENDPOINT: steam.endpoint, PUBLIC_URL: 'http://localhost:8080' },
  });
});
afterAll(async () => {
  await t?.close();
  await steam?.close();
});

const P = '/api/personalCenter';
const db = () => t.database.db;
const link = (partner: number, token = 'AbCdEf12') =>
  `https://steamcommunity.com/tradeoffer/new/?partner=${partner}&token=${token}`;
type Player = { token: string; userId: number; mobile: string };

const clearSendLimits = () =>
  db().execute(
    sql`DELETE FROM throttles WHERE key LIKE 'sms:%' OR key LIKE 'mail:%' OR key LIKE 'login-fail:%'`,
  );
beforeEach(clearSendLimits);
const post = (p: { token: string }, name: string, params: Record<string, unknown> = {}) =>
  call(t.app, 'POST', `${P}/${name}`, params, p.token);
const info = async (p: { token: string }) => (await call(t.app, 'GET', `${P}/userInfo`, {}, p.token)).data;
const holdReasons = async (userId: number) =>
  (
    await queryRows<{ reason: string }>(
      db(),
      sql`SELECT reason FROM withdrawal_holds WHERE user_id = ${userId} ORDER BY id`,
    )
  ).map((r) => r.reason);
const noticeJobs = async (phone: string) =>
  queryRows<{ payload: { phone: string; change: string; until: string } }>(
    db(),
    sql`SELECT payload FROM jobs WHERE kind = 'users.securityNotice' AND payload->>'phone' = ${phone} ORDER BY id`,
  );
/** Every hold of the player ends now (as if its hours had passed). */
const endHolds = (userId: number) =>
  db().execute(
    sql`UPDATE withdrawal_holds SET until = now() - interval '1 second' WHERE user_id = ${userId}`,
  );

async function messages(p: { token: string }) {
  const list = await call(t.app, 'GET', '/api/message/listMessage', { state: -1, pageSize: 50 }, p.token);
  return Promise.all(
    (list.data.pageData as Array<{ id: number; title: string }>).map(async (m) => ({
      title: m.title,
      content: (await call(t.app, 'GET', '/api/message/getMessageDetail', { id: m.id }, p.token)).data
        .content as string,
    })),
  );
}

/** A registered player (phone and password) with a first trade link and one item worth ¥12.34 in the backpack. */
async function playerWithItem(): Promise<Player & { itemId: number }> {
  await clearSendLimits();
  const p = await registerUser(t.app, db());
  expect((await post(p, 'modifyTradeUrl', { tradeUrl: link(1000 + p.userId) })).status).toBe(0);
  const [item] = await queryRows<{ id: unknown }>(db(), sql`SELECT id FROM items ORDER BY id LIMIT 1`);
  const [inv] = await runInTransaction(db(), ({ tx }) =>
    grantItems(tx, p.userId, [{ itemId: toInt(item!.id), recoveryPriceFen: 1_234 }], {
      sourceType: 'case',
      sourceId: null,
    }),
  );
  return { ...p, itemId: inv!.id };
}
const retrieve = (p: Player & { itemId: number }) => post(p, 'ornamentRetrieval', { ids: String(p.itemId) });
async function securityTicket(p: Player) {
  await clearSendLimits();
  const res = await post(p, 'securityCheck', {
    type: 0,
    code: await userSmsCodeFor(t.app, db(), p.token, p.mobile, 'security'),
  });
  return res.data.securityToken as string;
}

/** A login as a browser on another machine makes it: its own address and device id. */
const loginFrom = (ip: string, deviceId: string, path: string, params: Record<string, string>) =>
  t.app
    .inject({
      method: 'POST',
      url: `/api/auth/${path}`,
      remoteAddress: ip,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'device-id': deviceId },
      payload: new URLSearchParams(params).toString(),
    })
    .then((r) => r.json());

function jobRunner(sms?: SmsProvider, log: { warn: (o: object) => void } = { warn() {} }) {
  const ctx = createAppContext({ config: t.config, database: t.database, live: t.live });
  const runner = createJobRunner({
    db: db(),
    logger: { info() {}, warn() {}, error() {} },
    pollMs: 60_000,
    backoffBaseMs: 0,
  });
  registerJobHandlers(runner, sms ? { ...ctx, sms } : ctx, log);
  return runner;
}

/** Runs the due jobs (other tests' withdrawal steps among them) until none is left. */
async function drain(runner: ReturnType<typeof jobRunner>) {
  for (let i = 0; i < 20 && (await runner.runOnce()) > 0; i++);
}

describe('a trade link change holds withdrawals', () => {
  it('refuses ornamentRetrieval until the hold ends, names its end, and tells the player in-site and by SMS', async () => {
    const p = await playerWithItem();
    expect(await info(p)).toMatchObject({ withdrawalHoldUntil: null });
    expect(
      (await post(p, 'modifyTradeUrl', { tradeUrl: link(4242), securityToken: await securityTicket(p) }))
        .status,
    ).toBe(0);

    const until = (await info(p)).withdrawalHoldUntil as string;
    const beijing = new Date(Date.parse(until) + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
    const refusal = await retrieve(p);
    expect(refusal).toMatchObject({ status: errorStatus('WITHDRAWAL_HOLD'), data: null });
    expect(refusal.msg).toBe(
      `提取暂缓至 ${beijing}（北京时间）：您的账户近期交易链接已更换。如非本人操作，请立即修改密码并联系客服。`,
    );
    expect((await call(t.app, 'GET', `${P}/getMyOrnamentPage`, { state: 0 }, p.token)).data.totalRows).toBe(
      1,
    );

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
    const [row] = await queryRows<{ trade_url: string }>(
      db(),
      sql`SELECT trade_url FROM retrievals WHERE inventory_item_id = ${p.itemId}`,
    );
    expect(row!.trade_url).toBe(link(4242));
  });

  it('keeps the change when the SMS fails (the job retries), and without a notice template only logs', async () => {
    const p = await playerWithItem();
    expect(
      (await post(p, 'modifyTradeUrl', { tradeUrl: link(5151), securityToken: await securityTicket(p) }))
        .status,
    ).toBe(0);
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
    expect((await info(p)).tradeUrl).toBe(link(5151));

    const warned: object[] = [];
    await drain(
      jobRunner({ name: 'no-template', send: async () => {} }, { warn: (o: object) => void warned.push(o) }),
    );
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
    expect(
      (await post(p, 'modifyTradeUrl', { tradeUrl: link(6161), securityToken: await securityTicket(p) }))
        .status,
    ).toBe(0);
    const support = await givenOperator(t.app, db(), 'support');
    const content = await givenOperator(t.app, db(), 'content');
    const detail = await adminCall(
      t.app,
      'GET',
      '/api/admin/players/detail',
      { id: p.userId },
      { adminToken: support.token },
    );
    expect(detail.data.withdrawalHolds).toEqual([
      expect.objectContaining({ reason: 'trade_url', until: (await info(p)).withdrawalHoldUntil }),
    ]);
    const holdId = detail.data.withdrawalHolds[0].id as number;

    const release = (token: string, reason = '玩家来电核实身份') =>
      adminCall(
        t.app,
        'POST',
        '/api/admin/players/releaseWithdrawalHold',
        { id: holdId, reason },
        { adminToken: token },
      );
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
      (
        await adminCall(
          t.app,
          'GET',
          '/api/admin/players/detail',
          { id: p.userId },
          { adminToken: support.token },
        )
      ).data.withdrawalHolds,
    ).toEqual([]);
    expect((await retrieve(p)).status).toBe(0);
  });

  it('edits the hold hours (admin only, bounded, audited); 0 places no hold but still tells the player', async () => {
    const admin = await givenOperator(t.app, db(), 'admin');
    const support = await givenOperator(t.app, db(), 'support');
    const rules = (token: string) =>
      adminCall(t.app, 'GET', '/api/admin/withdrawals/rules', {}, { adminToken: token });
    const save = (token: string, params: Record<string, unknown>) =>
      adminCall(t.app, 'POST', '/api/admin/withdrawals/rules', params, { adminToken: token });
    const defaults = (await rules(support.token)).data;
    expect(defaults).toEqual({ holdHours: 24, reviewAboveFen: 200_000, reviewDailyCount: 20 });
    expect((await save(support.token, { ...defaults, holdHours: 0, reason: '测试关闭' })).status).toBe(
      errorStatus('ADMIN_FORBIDDEN'),
    );
    expect((await save(admin.token, { ...defaults, holdHours: 169, reason: '太长' })).status).toBe(
      errorStatus('PARAM_INVALID'),
    );
    expect(
      await save(admin.token, { ...defaults, holdHours: 0, reason: '演练：暂停提取冷静期' }),
    ).toMatchObject({ status: 0, data: { ...defaults, holdHours: 0 } });
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
        (await post(p, 'modifyTradeUrl', { tradeUrl: link(7171), securityToken: await securityTicket(p) }))
          .status,
      ).toBe(0);
      expect(await holdReasons(p.userId)).toEqual([]);
      expect(await noticeJobs(p.mobile)).toEqual([]);
      expect((await messages(p)).find((m) => m.title === '账户安全提醒')?.content).toContain(
        '交易链接已更换',
      );
      expect((await retrieve(p)).status).toBe(0);
    } finally {
      expect((await save(admin.token, { ...defaults, reason: '恢复默认' })).status).toBe(0);
    }
  });
});

describe('other changes that hold withdrawals', () => {
  it('a login from a device and address never seen holds withdrawals; a known device or a known address does not', async () => {
    const p = await playerWithItem();
    expect(await holdReasons(p.userId)).toEqual([]); // the sign-up is not a new device
    const known = 'device-known-0000000001';
    expect(
      (await loginFrom('127.0.0.1', known, 'login', { mobile: p.mobile, password: PASSWORD })).status,
    ).toBe(0);
    expect(
      (await loginFrom('198.51.100.7', known, 'login', { mobile: p.mobile, password: PASSWORD })).status,
    ).toBe(0);
    expect(
      (
        await loginFrom('127.0.0.1', 'device-other-000000000002', 'login', {
          mobile: p.mobile,
          password: PASSWORD,
        })
      ).status,
    ).toBe(0);
    expect(await holdReasons(p.userId)).toEqual([]);
    expect((await retrieve(p)).status).toBe(0);

    const thief = await loginFrom('203.0.113.9', 'device-thief-000000000003', 'login', {
      mobile: p.mobile,
      password: PASSWORD,
    });
    expect(thief.status).toBe(0);
    expect(await holdReasons(p.userId)).toEqual(['new_device']);
    expect((await messages(p)).find((m) => m.content.includes('在新设备上登录'))?.content).toContain(
      'IP 203.0.113.9',
    );
    expect(await noticeJobs(p.mobile)).toEqual([
      { payload: expect.objectContaining({ change: '在新设备上登录' }) },
    ]);

    const code = await smsCodeFor(t.app, db(), p.mobile, 'smsLogin');
    expect(
      (await loginFrom('192.0.2.44', 'device-thief-000000000004', 'smsLogin', { mobile: p.mobile, code }))
        .status,
    ).toBe(0);
    expect(await holdReasons(p.userId)).toEqual(['new_device', 'new_device']);
  });

  it('a password reset, a password change and a password set after a security check each hold withdrawals', async () => {
    const p = await playerWithItem();
    const code = await smsCodeFor(t.app, db(), p.mobile, 'findPassword');
    expect(
      (
        await call(t.app, 'POST', '/api/auth/findPassword', {
          mobile: p.mobile,
          code,
          password: 'Newpass1!a',
        })
      ).status,
    ).toBe(0);
    expect(await holdReasons(p.userId)).toEqual(['password']);
    const again = await loginFrom('127.0.0.1', 'device-owner-0000000005', 'login', {
      mobile: p.mobile,
      password: 'Newpass1!a',
    });
    const owner = { ...p, token: again.data.token as string };
    expect(
      (
        await call(
          t.app,
          'POST',
          '/api/auth/changePassword',
          { oldPassword: 'Newpass1!a', newPassword: 'Newpass2!b', confirmPassword: 'Newpass2!b' },
          owner.token,
        )
      ).status,
    ).toBe(0);
    expect(
      (
        await post(owner, 'modifySecret', {
          securityToken: await securityTicket(owner),
          password: 'Newpass3!c',
        })
      ).status,
    ).toBe(0);
    expect(await holdReasons(p.userId)).toEqual(['password', 'password', 'password']);
    expect((await retrieve(owner)).status).toBe(errorStatus('WITHDRAWAL_HOLD'));
  });

  it('a phone change holds withdrawals and the number it replaced gets the SMS', async () => {
    const p = await playerWithItem();
    const oldCode = await userSmsCodeFor(t.app, db(), p.token, p.mobile, 'changePhone');
    const mobile = freshMobile();
    await clearSendLimits();
    const newCode = await smsCodeFor(t.app, db(), mobile, 'bindPhone');
    expect((await post(p, 'changePhone', { oldCode, mobile, newCode })).status).toBe(0);
    expect(await holdReasons(p.userId)).toEqual(['phone']);
    expect(await noticeJobs(p.mobile)).toEqual([
      { payload: expect.objectContaining({ change: '绑定手机号已更换' }) },
    ]);
    await drain(jobRunner());
    expect((await readSmsOutbox(db(), p.mobile, 1))[0]!.text).toContain('您的账户绑定手机号已更换');
    expect((await retrieve(p)).status).toBe(errorStatus('WITHDRAWAL_HOLD'));
  });
});

describe('a Steam login from a new device', () => {
  const cookiePair = (headers: Record<string, unknown>, name: string) =>
    ([headers['set-cookie'] ?? []].flat() as string[]).find((h) => h.startsWith(`${name}=`))?.split(';')[0] ??
    '';

  /** The whole round trip as one browser makes it, from `ip` with device id `deviceId`. */
  async function steamLogin(steamId: string, ip: string, deviceId: string) {
    const started = await t.app.inject({
      method: 'GET',
      url: '/api/auth/steamLogin?adult=true',
      remoteAddress: ip,
    });
    const returnTo = new URL(started.headers.location as string).searchParams.get('openid.return_to')!;
    const back = await t.app.inject({
      method: 'GET',
      url: steam.approve(returnTo, steamId),
      remoteAddress: ip,
      headers: { cookie: cookiePair(started.headers, 'sf_openid_state') },
    });
    const code = new URL(back.headers.location as string, 'http://localhost:8080').searchParams.get('code')!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/steamExchange',
      remoteAddress: ip,
      headers: { cookie: cookiePair(started.headers, 'sf_steam_login'), 'device-id': deviceId },
      payload: { code },
    });
    return res.json();
  }

  it('holds withdrawals after a Steam exchange from a new device and address, not after the sign-up or a known device', async () => {
    const steamId = `7656119${String(9_000_000_000 + (process.pid % 100_000) * 10).padStart(10, '0')}`;
    const created = await steamLogin(steamId, '127.0.0.1', 'device-steam-0000000001');
    expect(created).toMatchObject({ status: 0, data: { register: true } });
    const userId = created.data.userId as number;
    expect((await steamLogin(steamId, '127.0.0.1', 'device-steam-0000000001')).status).toBe(0);
    expect(await holdReasons(userId)).toEqual([]);
    expect((await steamLogin(steamId, '203.0.113.77', 'device-steam-0000000099')).status).toBe(0);
    expect(await holdReasons(userId)).toEqual(['new_device']);
  });
});

describe.skipIf(!usingPostgres())('releasing a hold under concurrency (PostgreSQL)', () => {
  it('four operators releasing one hold at once: one release, one audit row', async () => {
    const p = await playerWithItem();
    expect(
      (await post(p, 'modifyTradeUrl', { tradeUrl: link(8181), securityToken: await securityTicket(p) }))
        .status,
    ).toBe(0);
    const ops = await Promise.all([0, 1, 2, 3].map(() => givenOperator(t.app, db(), 'support')));
    const [hold] = await queryRows<{ id: unknown }>(
      db(),
      sql`SELECT id FROM withdrawal_holds WHERE user_id = ${p.userId}`,
    );
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
