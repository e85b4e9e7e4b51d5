import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorStatus } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { usingPostgres } from '../../testing/test-db.js';
import { givenSession, givenUser } from '../../testing/factories.js';
import { call, refused } from '../../testing/auth-helpers.js';
import { adminCall, givenOperator } from '../../testing/operators.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { createJobRunner, enqueueJob, type JobRunner } from '../../platform/jobs/index.js';
import type { FulfilmentProvider } from '../../platform/providers/index.js';
import { createAppContext, registerJobHandlers } from '../../app.js';
import { updateUser } from '../users/index.js';
import { grantItems, RETRIEVAL_JOB } from './index.js';

/**
 * Issue 24 §4 (decision 0045): a withdrawal request above the value threshold, or past the day's count, waits
 * for an operator's review; nothing reaches the fulfilment until it is approved. And §3 at withdrawal time.
 */
let t: TestApp;
let runner: JobRunner;
/** Every retrieval the fulfilment was asked to move. */
const handedOn: number[] = [];
const spy: FulfilmentProvider = {
  name: 'spy-fulfilment',
  async advance(retrieval) {
    handedOn.push(retrieval.id);
    return { state: 1 };
  },
};
let admin: { token: string; id: number };
let finance: { token: string; id: number };

beforeAll(async () => {
  t = await buildTestApp();
  runner = createJobRunner({ db: db(), logger: { info() {}, warn() {}, error() {} }, pollMs: 60_000 });
  registerJobHandlers(
    runner,
    createAppContext({
      config: t.config,
      database: t.database,
      live: t.live,
      providers: { fulfilment: spy },
    }),
  );
  admin = await givenOperator(t.app, db(), 'admin');
  finance = await givenOperator(t.app, db(), 'finance');
});
afterAll(async () => t?.close());

const P = '/api/personalCenter';
const db = () => t.database.db;
type Player = { userId: number; token: string; items: number[] };
let partner = 7_000;

async function playerWithItems(pricesFen: number[]): Promise<Player> {
  const user = await givenUser(db());
  const token = await givenSession(db(), user.id);
  const tradeUrl = `https://steamcommunity.com/tradeoffer/new/?partner=${++partner}&token=AbCdEf12`;
  expect((await call(t.app, 'POST', `${P}/modifyTradeUrl`, { tradeUrl }, token)).status).toBe(0);
  const [item] = await queryRows<{ id: unknown }>(db(), sql`SELECT id FROM items ORDER BY id LIMIT 1`);
  const rows = await runInTransaction(db(), ({ tx }) =>
    grantItems(
      tx,
      user.id,
      pricesFen.map((recoveryPriceFen) => ({ itemId: toInt(item!.id), recoveryPriceFen })),
      { sourceType: 'case', sourceId: null },
    ),
  );
  return { userId: user.id, token, items: rows.map((r) => r.id) };
}

const retrieve = (p: Player, ids: number[]) => call(t.app, 'POST', `${P}/ornamentRetrieval`, { ids: ids.join(',') }, p.token);
const records = async (p: Player) =>
  (await call(t.app, 'GET', `${P}/getMyRetrievalPage`, { pageSize: 100 }, p.token)).data.pageData as Array<{
    orderId: number;
    ornamentId: number;
    state: number;
    remark: string | null;
  }>;
const inBackpack = async (p: Player) =>
  ((await call(t.app, 'GET', `${P}/getMyOrnamentPage`, { state: 0, pageSize: 100 }, p.token)).data.pageData as Array<{ id: number }>).map(
    (o) => o.id,
  );
const console_ = (method: 'GET' | 'POST', url: string, params: Record<string, unknown>, token = finance.token) =>
  adminCall(t.app, method, url, params, { adminToken: token });
const setRules = async (rules: { reviewAboveFen: number; reviewDailyCount: number }) =>
  expect(
    (await console_('POST', '/api/admin/withdrawals/rules', { holdHours: 24, ...rules, reason: '测试审核规则' }, admin.token)).status,
  ).toBe(0);
const jobsOf = async (retrievalId: number) =>
  toInt(
    (
      await queryRows<{ n: unknown }>(
        db(),
        sql`SELECT count(*) AS n FROM jobs WHERE kind = ${RETRIEVAL_JOB} AND payload->>'retrievalId' = ${String(retrievalId)}`,
      )
    )[0]?.n,
  );
const auditOf = (action: string, id: number) =>
  queryRows<{ operator_id: unknown; before: unknown; after: Record<string, unknown> }>(
    db(),
    sql`SELECT operator_id, before, after FROM audit_log WHERE action = ${action} AND target_type = 'withdrawal' AND target_id = ${String(id)}`,
  );
/** Runs every job due now, the withdrawals' first steps among them (they are due 2 s after the request). */
async function runDueJobs() {
  await db().execute(sql`UPDATE jobs SET run_at = now() WHERE state = 'pending' AND kind = ${RETRIEVAL_JOB}`);
  for (let i = 0; i < 10 && (await runner.runOnce()) > 0; i++);
}

describe('risk review of withdrawals', () => {
  it('holds a request above the value threshold from the fulfilment until an operator approves it', async () => {
    await setRules({ reviewAboveFen: 100_000, reviewDailyCount: 0 });
    const p = await playerWithItems([60_000, 50_000, 100_000]);
    const held = await retrieve(p, p.items.slice(0, 2));
    expect(held.status).toBe(0);
    const [a, b] = held.data.map((r: { orderId: number }) => r.orderId) as [number, number];
    expect((await records(p)).filter((r) => r.orderId === a || r.orderId === b)).toEqual([
      expect.objectContaining({ orderId: b, state: 0, remark: '审核中' }),
      expect.objectContaining({ orderId: a, state: 0, remark: '审核中' }),
    ]);
    const list = await console_('GET', '/api/admin/withdrawals', { awaitingReview: true, userId: p.userId });
    expect(list.data.pageData).toEqual([
      expect.objectContaining({
        id: a,
        reviewReason: '本次提取 2 件共 ¥1100，超过单次审核线 ¥1000',
        reviewedBy: null,
      }),
      expect.objectContaining({ id: b, reviewReason: '本次提取 2 件共 ¥1100，超过单次审核线 ¥1000' }),
    ]);
    // At the threshold a request goes straight on.
    const straight = await retrieve(p, [p.items[2]!]);
    expect(straight.data[0]).toMatchObject({ state: 0, remark: null });
    expect(await jobsOf(straight.data[0].orderId)).toBe(1);

    // Nothing is scheduled for a held withdrawal; a stray job (a restart, a retry) hands nothing on.
    expect(await jobsOf(a)).toBe(0);
    await enqueueJob(db(), { kind: RETRIEVAL_JOB, payload: { retrievalId: a }, dedupeKey: `stray:${a}` });
    await runDueJobs();
    expect(handedOn).not.toContain(a);
    expect(handedOn).not.toContain(b);
    expect(handedOn).toContain(straight.data[0].orderId);
    for (const kind of ['approve', 'retry'])
      expect(await console_('POST', `/api/admin/withdrawals/${kind}`, { id: a }), kind).toEqual(refused('WITHDRAWAL_REVIEW_PENDING'));
    expect(await console_('POST', '/api/admin/withdrawals/complete', { id: a, tradeOfferId: '6100000001' })).toEqual(
      refused('WITHDRAWAL_REVIEW_PENDING'),
    );

    // Approve: the normal fulfilment continues.
    const operations = await givenOperator(t.app, db(), 'operations');
    expect((await console_('POST', '/api/admin/withdrawals/approveReview', { id: a }, operations.token)).status).toBe(
      errorStatus('ADMIN_FORBIDDEN'),
    );
    expect(await console_('POST', '/api/admin/withdrawals/approveReview', { id: a })).toMatchObject({
      status: 0,
      data: { id: a, state: 0 },
    });
    expect(await console_('POST', '/api/admin/withdrawals/approveReview', { id: a })).toEqual(refused('WITHDRAWAL_REVIEW_NOT_PENDING'));
    const [approved] = await auditOf('withdrawal.reviewApprove', a);
    expect(toInt(approved!.operator_id)).toBe(finance.id);
    expect(approved!.after).toMatchObject({ reviewedBy: finance.id, remark: null });
    await runDueJobs();
    expect(handedOn).toContain(a);
    expect((await records(p)).find((r) => r.orderId === a)).toMatchObject({ state: 1 });

    // Reject: the item goes back to the backpack, the record says why.
    expect((await console_('POST', '/api/admin/withdrawals/rejectReview', { id: b, reason: '' })).status).toBe(
      errorStatus('PARAM_INVALID'),
    );
    expect(
      await console_('POST', '/api/admin/withdrawals/rejectReview', {
        id: b,
        reason: '交易链接与常用账户不符',
      }),
    ).toMatchObject({ status: 0, data: { id: b, state: 4 } });
    expect(await console_('POST', '/api/admin/withdrawals/rejectReview', { id: b, reason: '再次驳回' })).toEqual(
      refused('ADMIN_WITHDRAWAL_STATE'),
    );
    expect(await inBackpack(p)).toEqual([p.items[1]]);
    expect((await records(p)).find((r) => r.orderId === b)).toMatchObject({
      state: 4,
      remark: '交易链接与常用账户不符',
    });
    expect(await auditOf('withdrawal.reviewReject', b)).toEqual([
      expect.objectContaining({
        after: expect.objectContaining({
          state: 4,
          reason: '交易链接与常用账户不符',
          itemReturned: p.items[1],
        }),
      }),
    ]);
    await runDueJobs();
    expect(handedOn).not.toContain(b);
    expect((await console_('GET', '/api/admin/withdrawals', { awaitingReview: true, userId: p.userId })).data.totalRows).toBe(0);
  });

  it("holds the request that takes a player past the day's count; failed withdrawals do not count", async () => {
    await setRules({ reviewAboveFen: 0, reviewDailyCount: 2 });
    const p = await playerWithItems([100, 100, 100, 100, 100]);
    const first = await retrieve(p, [p.items[0]!, p.items[1]!]);
    expect(first.data.map((r: { remark: string | null }) => r.remark)).toEqual([null, null]);
    const third = await retrieve(p, [p.items[2]!]);
    expect(third.data[0]).toMatchObject({ state: 0, remark: '审核中' });
    const listed = await console_('GET', '/api/admin/withdrawals', { awaitingReview: 1, userId: p.userId });
    expect(listed.data.pageData).toEqual([
      expect.objectContaining({
        id: third.data[0].orderId,
        reviewReason: '今日（北京时间）第 3 件，超过每日 2 件',
      }),
    ]);

    // The held one is failed by hand (the item comes back) and one of the first two fails: two left today.
    expect(
      (
        await console_('POST', '/api/admin/withdrawals/fail', {
          id: third.data[0].orderId,
          reason: '玩家要求取消',
        })
      ).status,
    ).toBe(0);
    expect(
      (
        await console_('POST', '/api/admin/withdrawals/fail', {
          id: first.data[0].orderId,
          reason: '库存已满',
        })
      ).status,
    ).toBe(0);
    expect((await retrieve(p, [p.items[3]!])).data[0]).toMatchObject({ remark: null });
    expect((await retrieve(p, [p.items[4]!])).data[0]).toMatchObject({ remark: '审核中' });
  });

  it('shows the review queue only to those who may see withdrawals, and edits the thresholds as admin only', async () => {
    const content = await givenOperator(t.app, db(), 'content');
    expect((await console_('GET', '/api/admin/withdrawals', { awaitingReview: true }, content.token)).status).toBe(
      errorStatus('ADMIN_FORBIDDEN'),
    );
    const save = (token: string, params: Record<string, unknown>) =>
      console_('POST', '/api/admin/withdrawals/rules', { holdHours: 24, reason: '调整审核线', ...params }, token);
    expect((await save(finance.token, { reviewAboveFen: 500_000, reviewDailyCount: 30 })).status).toBe(errorStatus('ADMIN_FORBIDDEN'));
    expect((await save(admin.token, { reviewAboveFen: -1, reviewDailyCount: 30 })).status).toBe(errorStatus('PARAM_INVALID'));
    expect((await save(admin.token, { reviewAboveFen: 500_000, reviewDailyCount: 1_001 })).status).toBe(errorStatus('PARAM_INVALID'));
    expect(await save(admin.token, { reviewAboveFen: 500_000, reviewDailyCount: 30 })).toMatchObject({
      status: 0,
      data: { holdHours: 24, reviewAboveFen: 500_000, reviewDailyCount: 30 },
    });
    expect((await console_('GET', '/api/admin/withdrawals/rules', {})).data).toEqual({
      holdHours: 24,
      reviewAboveFen: 500_000,
      reviewDailyCount: 30,
    });
  });
});

describe('the Steam account at withdrawal time (issue 24 §3)', () => {
  it('refuses a withdrawal to a link set before the Steam binding that points at another account', async () => {
    await setRules({ reviewAboveFen: 0, reviewDailyCount: 0 });
    const p = await playerWithItems([1_000]);
    await updateUser(db(), p.userId, { steamId: '76561198999999001' });
    expect(await retrieve(p, p.items)).toEqual(refused('TRADE_URL_STEAM_MISMATCH'));
    expect(await inBackpack(p)).toEqual(p.items);
    const own = Number(76561198999999001n - 76561197960265728n);
    await updateUser(db(), p.userId, {
      tradeUrl: `https://steamcommunity.com/tradeoffer/new/?partner=${own}&token=AbCdEf12`,
    });
    expect((await retrieve(p, p.items)).status).toBe(0);
  });
});

describe.skipIf(!usingPostgres())('risk review under concurrency (PostgreSQL)', () => {
  it('approve and reject racing on one held withdrawal: exactly one decision, one audit row, one outcome', async () => {
    await setRules({ reviewAboveFen: 1, reviewDailyCount: 0 });
    for (let round = 0; round < 4; round++) {
      const p = await playerWithItems([500]);
      const id = (await retrieve(p, p.items)).data[0].orderId as number;
      const calls = [
        console_('POST', '/api/admin/withdrawals/approveReview', { id }),
        console_('POST', '/api/admin/withdrawals/rejectReview', { id, reason: '并发驳回' }),
        console_('POST', '/api/admin/withdrawals/approveReview', { id }),
        console_('POST', '/api/admin/withdrawals/rejectReview', { id, reason: '并发驳回' }),
      ];
      const results = await Promise.all(calls);
      expect(
        results.filter((r) => r.status === 0),
        `round ${round}`,
      ).toHaveLength(1);
      const approvals = await auditOf('withdrawal.reviewApprove', id);
      const rejections = await auditOf('withdrawal.reviewReject', id);
      expect(approvals.length + rejections.length).toBe(1);
      if (approvals.length) {
        expect(await jobsOf(id)).toBe(1);
        expect(await inBackpack(p)).toEqual([]);
      } else {
        expect(await jobsOf(id)).toBe(0);
        expect(await inBackpack(p)).toEqual(p.items);
      }
    }
  });

  it('six requests racing past a count of 2: the first two go on, the other four wait for review', async () => {
    await setRules({ reviewAboveFen: 0, reviewDailyCount: 2 });
    const p = await playerWithItems([100, 100, 100, 100, 100, 100]);
    const results = await Promise.all(p.items.map((id) => retrieve(p, [id])));
    expect(results.every((r) => r.status === 0)).toBe(true);
    const remarks = results.map((r) => r.data[0].remark as string | null);
    expect(remarks.filter((r) => r === null)).toHaveLength(2);
    expect(remarks.filter((r) => r === '审核中')).toHaveLength(4);
  });
});
