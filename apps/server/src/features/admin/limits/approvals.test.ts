import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorStatus } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../../testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../../testing/factories.js';
import { call } from '../../../testing/auth-helpers.js';
import { adminCall, givenOperator } from '../../../testing/operators.js';
import { queryRows, toInt } from '../../../platform/db/rows.js';
import { usingPostgres } from '../../../testing/test-db.js';
import { getBalances } from '../../../platform/ledger/index.js';

/** Issue 24 §11: two-person approval of value-creating console actions (decision 0048). */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
type Op = { id: number; token: string };
const as = (op: Op, method: 'GET' | 'POST', url: string, params: Record<string, unknown> = {}) =>
  adminCall(t.app, method, url, params, { adminToken: op.token });
const count = async (query: ReturnType<typeof sql>) => toInt((await queryRows<{ n: unknown }>(db(), query))[0]?.n);
const vouchersOf = (userId: number) => count(sql`SELECT count(*) AS n FROM reward_vouchers WHERE user_id = ${userId}`);
/** An action's audit rows (operator ids as numbers: PostgreSQL answers a bigint as text). */
const auditOf = async (action: string, targetId: number | string) =>
  (
    await queryRows<{ operator_id: unknown; before: unknown; after: Record<string, unknown> }>(
      db(),
      sql`SELECT operator_id, before, after FROM audit_log WHERE action = ${action} AND target_id = ${String(targetId)} ORDER BY id`,
    )
  ).map((r) => ({ ...r, operator_id: r.operator_id === null ? null : toInt(r.operator_id) }));
const redPacket = (userId: number, rewardFen: number) => ({
  userId,
  name: '大额补偿',
  rewardFen,
  days: 3,
  reason: '活动补偿',
});
const P = '/api/admin/promotions';
const A = '/api/admin/approvals';

describe('two-person approval', () => {
  it('above the threshold the action becomes a request; nothing is issued until a second operator approves', async () => {
    const [alice, bob, finance] = [
      await givenOperator(t.app, db(), 'operations'),
      await givenOperator(t.app, db(), 'operations'),
      await givenOperator(t.app, db(), 'finance'),
    ];
    const player = await givenUser(db());
    // The default red-packet threshold is ¥500: ¥800 waits for a second operator.
    const asked = await as(alice, 'POST', `${P}/redPackets/issue`, redPacket(player.id, 80_000));
    expect(asked.status, asked.msg).toBe(0);
    const request = asked.data.approval;
    expect(request).toMatchObject({
      kind: 'redPacket',
      valueFen: 80_000,
      status: 'pending',
      requestedBy: { id: alice.id },
      canDecide: false,
      decidedBy: null,
    });
    expect(request.params).toMatchObject({ userId: player.id, rewardFen: 80_000, reason: '活动补偿' });
    expect(await vouchersOf(player.id)).toBe(0);
    expect(await auditOf('approval.request', request.id)).toEqual([
      expect.objectContaining({
        operator_id: alice.id,
        after: expect.objectContaining({ kind: 'redPacket', valueFen: 80_000 }),
      }),
    ]);
    const listedFor = async (op: Op) =>
      (await as(op, 'GET', A, { status: 'pending', pageSize: 100 })).data.pageData.find((r: { id: number }) => r.id === request.id);
    expect(await listedFor(alice)).toMatchObject({ canDecide: false });
    expect(await listedFor(bob)).toMatchObject({ canDecide: true });
    expect(await listedFor(finance)).toMatchObject({ canDecide: false });

    // The requester can neither approve nor reject; finance lacks promotions.write. Nothing moves.
    expect((await as(alice, 'POST', `${A}/approve`, { id: request.id })).status).toBe(errorStatus('APPROVAL_OWN_REQUEST'));
    expect((await as(alice, 'POST', `${A}/reject`, { id: request.id, reason: '自己撤回' })).status).toBe(
      errorStatus('APPROVAL_OWN_REQUEST'),
    );
    expect((await as(finance, 'POST', `${A}/approve`, { id: request.id })).status).toBe(errorStatus('ADMIN_FORBIDDEN'));
    expect((await as(bob, 'POST', `${A}/approve`, { id: 99_999_999 })).status).toBe(errorStatus('APPROVAL_NOT_FOUND'));
    expect(await vouchersOf(player.id)).toBe(0);

    const approved = await as(bob, 'POST', `${A}/approve`, { id: request.id });
    expect(approved.status, approved.msg).toBe(0);
    expect(approved.data).toMatchObject({
      status: 'approved',
      decidedBy: { id: bob.id },
      canDecide: false,
      valueFen: 80_000,
    });
    const voucherId = Number(approved.data.targetId);
    const rewards = (await call(t.app, 'GET', '/api/personalCenter/getMyRewardPage', { stat: 0 }, await givenSession(db(), player.id))).data
      .pageData;
    expect(rewards).toEqual([expect.objectContaining({ id: voucherId, amount: 80_000 })]);
    // The action's own row is the requester's and names the approver; the approval row is the approver's.
    expect(await auditOf('redPacket.issue', voucherId)).toEqual([
      expect.objectContaining({
        operator_id: alice.id,
        after: expect.objectContaining({ approvedBy: bob.id, approvalId: request.id }),
      }),
    ]);
    expect(await auditOf('approval.approve', request.id)).toEqual([
      expect.objectContaining({
        operator_id: bob.id,
        after: expect.objectContaining({
          status: 'approved',
          requestedBy: alice.id,
          targetId: String(voucherId),
        }),
      }),
    ]);
    // Once: a second approval is refused and issues nothing more.
    expect((await as(bob, 'POST', `${A}/approve`, { id: request.id })).status).toBe(errorStatus('APPROVAL_DECIDED'));
    expect(await vouchersOf(player.id)).toBe(1);

    // The value counts against both: the requester's own, the approver's co-signed.
    const today = (await as(bob, 'GET', '/api/admin/limits/today')).data;
    const valueOf = (op: Op) =>
      today.operators
        .find((o: { operatorId: number }) => o.operatorId === op.id)
        ?.values.find((v: { kind: string }) => v.kind === 'redPacket');
    expect(valueOf(alice)).toEqual({ kind: 'redPacket', ownFen: 80_000, cosignedFen: 0, countedFen: 80_000 });
    expect(valueOf(bob)).toEqual({ kind: 'redPacket', ownFen: 0, cosignedFen: 80_000, countedFen: 80_000 });
  });

  it('a rejected request creates nothing; an expired one cannot be approved; a debit never waits', async () => {
    const [carol, dave] = [await givenOperator(t.app, db(), 'finance'), await givenOperator(t.app, db(), 'finance')];
    const ops = await givenOperator(t.app, db(), 'operations');
    const player = await givenUser(db(), { coinsFen: 300_000 });
    const adjust = (op: Op, amountFen: number) =>
      as(op, 'POST', '/api/admin/players/adjustBalance', {
        id: player.id,
        kind: 'coin',
        amountFen,
        reason: '充值补单',
      });
    const balance = async () => (await getBalances(db(), player.id)).coinFen;
    // Default threshold for balance credits: ¥1,000.
    const first = (await adjust(carol, 200_000)).data.approval;
    expect(first).toMatchObject({ kind: 'balanceCredit', valueFen: 200_000, status: 'pending' });
    expect(await balance()).toBe(300_000);
    expect((await as(ops, 'POST', `${A}/approve`, { id: first.id })).status).toBe(errorStatus('ADMIN_FORBIDDEN'));
    expect((await as(dave, 'POST', `${A}/reject`, { id: first.id, reason: '' })).status).toBe(errorStatus('PARAM_INVALID'));
    const rejected = await as(dave, 'POST', `${A}/reject`, { id: first.id, reason: '没有充值记录' });
    expect(rejected.data).toMatchObject({
      status: 'rejected',
      decidedBy: { id: dave.id },
      decisionNote: '没有充值记录',
    });
    expect(await auditOf('approval.reject', first.id)).toEqual([expect.objectContaining({ operator_id: dave.id })]);
    expect((await as(dave, 'POST', `${A}/approve`, { id: first.id })).status).toBe(errorStatus('APPROVAL_DECIDED'));
    expect(await balance()).toBe(300_000);

    const second = (await adjust(carol, 150_000)).data.approval;
    await db().execute(sql`UPDATE approval_requests SET expires_at = now() - interval '1 second' WHERE id = ${second.id}`);
    expect((await as(dave, 'POST', `${A}/approve`, { id: second.id })).status).toBe(errorStatus('APPROVAL_EXPIRED'));
    const expired = (await as(dave, 'GET', A, { status: 'expired' })).data.pageData;
    expect(expired.find((r: { id: number }) => r.id === second.id)).toMatchObject({
      status: 'expired',
      decidedBy: null,
      canDecide: false,
    });
    expect(await auditOf('approval.expire', second.id)).toEqual([expect.objectContaining({ operator_id: null })]);
    expect(await balance()).toBe(300_000);

    // Taking money back creates no value: no cap, no approval, whatever its size.
    const debit = await adjust(carol, -250_000);
    expect(debit.data).toMatchObject({ coinFen: 50_000 });
    await expectBooksBalanced(db());
  });

  it('a password-protected official giveaway always waits; the password is never shown and is erased once decided', async () => {
    const [erin, frank] = [await givenOperator(t.app, db(), 'operations'), await givenOperator(t.app, db(), 'operations')];
    const [line] = await queryRows<{ id: unknown; stock: unknown }>(
      db(),
      sql`SELECT id, stock FROM shop_stock WHERE stock >= 3 AND price_fen < 10000 ORDER BY id LIMIT 1`,
    );
    const stockId = toInt(line!.id);
    const stock = async () =>
      toInt((await queryRows<{ s: unknown }>(db(), sql`SELECT stock AS s FROM shop_stock WHERE id = ${stockId}`))[0]?.s);
    const before = await stock();
    const openTime = new Date(Date.now() + 60 * 60_000).toISOString();
    const made = await as(erin, 'POST', '/api/admin/games/giveaways/create', {
      title: '私密福利',
      openTime,
      stockIds: [stockId],
      password: 'secret-42',
    });
    const request = made.data.approval;
    expect(request).toMatchObject({
      kind: 'officialGiveaway',
      status: 'pending',
      params: { password: true, title: '私密福利' },
    });
    expect(await stock()).toBe(before);
    expect(JSON.stringify((await as(frank, 'GET', A)).data)).not.toContain('secret-42');
    expect(JSON.stringify(await auditOf('approval.request', request.id))).not.toContain('secret-42');

    const approved = await as(frank, 'POST', `${A}/approve`, { id: request.id });
    expect(approved.status, approved.msg).toBe(0);
    const roomId = Number(approved.data.targetId);
    expect((await as(frank, 'GET', '/api/admin/games/giveaways/detail', { id: roomId })).data.giveaway).toMatchObject({
      private: true,
      title: '私密福利',
    });
    expect(await stock()).toBe(before - 1);
    const [stored] = await queryRows<{ params: Record<string, unknown> }>(
      db(),
      sql`SELECT params FROM approval_requests WHERE id = ${request.id}`,
    );
    expect(stored!.params).not.toHaveProperty('password');
    expect((await auditOf('giveaway.createOfficial', roomId))[0]).toMatchObject({
      operator_id: erin.id,
      after: { password: true, approvedBy: frank.id },
    });
  });

  it('the approver’s own cap counts: an approval that would pass it is refused and writes nothing', async () => {
    const admin = await givenOperator(t.app, db(), 'admin');
    const [gina, hank, ivan] = [
      await givenOperator(t.app, db(), 'operations'),
      await givenOperator(t.app, db(), 'operations'),
      await givenOperator(t.app, db(), 'operations'),
    ];
    const current = (await as(admin, 'GET', '/api/admin/limits/settings')).data;
    const form = Object.fromEntries(
      current.kinds.flatMap((k: { kind: string; capFen: number; approvalAboveFen: number }) => [
        [`${k.kind}CapFen`, k.capFen],
        [`${k.kind}ApprovalFen`, k.approvalAboveFen],
      ]),
    );
    const save = (values: Record<string, number>) =>
      as(admin, 'POST', '/api/admin/limits/settings', {
        ...form,
        boxReturnCeilingBp: current.boxReturnCeilingBp,
        ...values,
        reason: '审批额度测试',
      });
    expect((await save({ redPacketCapFen: 100_000, redPacketApprovalFen: 50_000 })).status).toBe(0);
    try {
      const player = await givenUser(db());
      expect((await as(hank, 'POST', `${P}/redPackets/issue`, redPacket(player.id, 40_000))).data).toMatchObject({ rewardFen: 40_000 });
      const request = (await as(gina, 'POST', `${P}/redPackets/issue`, redPacket(player.id, 80_000))).data.approval;
      const audits = await count(sql`SELECT count(*) AS n FROM audit_log`);
      const refused = await as(hank, 'POST', `${A}/approve`, { id: request.id });
      expect(refused.status).toBe(errorStatus('APPROVAL_APPROVER_CAP'));
      expect(refused.msg).toContain('每日上限 ¥1000，今日已计 ¥400，本次 ¥800');
      expect(await vouchersOf(player.id)).toBe(1);
      expect(await count(sql`SELECT count(*) AS n FROM audit_log`)).toBe(audits);
      expect((await as(ivan, 'GET', A)).data.pageData.find((r: { id: number }) => r.id === request.id)).toMatchObject({
        status: 'pending',
        canDecide: true,
      });
      expect((await as(ivan, 'POST', `${A}/approve`, { id: request.id })).data).toMatchObject({
        status: 'approved',
      });
      expect(await vouchersOf(player.id)).toBe(2);
    } finally {
      expect((await save({})).status).toBe(0);
    }
  });
});

describe.skipIf(!usingPostgres())('two-person approval under concurrency (PostgreSQL)', () => {
  it('approvals of one request racing: the action runs exactly once', async () => {
    const [asker, ...approvers] = await Promise.all([0, 1, 2, 3].map(() => givenOperator(t.app, db(), 'operations')));
    const player = await givenUser(db());
    const request = (await as(asker!, 'POST', `${P}/redPackets/issue`, redPacket(player.id, 60_000))).data.approval;
    const results = await Promise.all([...approvers, ...approvers].map((op) => as(op, 'POST', `${A}/approve`, { id: request.id })));
    expect(results.filter((r) => r.status === 0)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 0).map((r) => r.status)).toEqual(Array(5).fill(errorStatus('APPROVAL_DECIDED')));
    expect(await vouchersOf(player.id)).toBe(1);
    expect(await auditOf('approval.approve', request.id)).toHaveLength(1);
    expect(
      await count(
        sql`SELECT count(*) AS n FROM audit_log WHERE action = 'redPacket.issue' AND after->>'approvalId' = ${String(request.id)}`,
      ),
    ).toBe(1);
  });
});
