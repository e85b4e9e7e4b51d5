import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorStatus, type AdminPermission } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../../testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../../testing/factories.js';
import { call } from '../../../testing/auth-helpers.js';
import { adminCall, givenOperator, pendingOperatorToken } from '../../../testing/operators.js';
import { queryRows, toInt } from '../../../platform/db/rows.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const auditRows = async (action: string, targetId: number) =>
  queryRows<{ before: unknown; after: unknown; operator_id: unknown }>(
    db(),
    sql`SELECT before, after, operator_id FROM audit_log WHERE action = ${action} AND target_id = ${String(targetId)} ORDER BY id`,
  );
const auditCount = async () => toInt((await queryRows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM audit_log`))[0]?.n);

describe('who may call /api/admin/players/*', () => {
  it('refuses guests, players, operators before two-factor and roles without the permission, and changes nothing', async () => {
    const victim = await givenUser(db(), { coinsFen: 5_000 });
    const playerToken = await givenSession(db(), victim.id);
    const calls: Array<{ method: 'GET' | 'POST'; url: string; params: Record<string, unknown>; permission: AdminPermission }> = [
      { method: 'GET', url: '/api/admin/players', params: { q: victim.nickname }, permission: 'players.read' },
      { method: 'GET', url: '/api/admin/players/detail', params: { id: victim.id }, permission: 'players.read' },
      {
        method: 'POST',
        url: '/api/admin/players/freeze',
        params: { id: victim.id, frozen: true, reason: '测试冻结' },
        permission: 'players.write',
      },
      { method: 'POST', url: '/api/admin/players/endSessions', params: { id: victim.id, reason: '测试下线' }, permission: 'players.write' },
      {
        method: 'POST',
        url: '/api/admin/players/adjustBalance',
        params: { id: victim.id, kind: 'coin', amountFen: -100, reason: '测试调整' },
        permission: 'balances.adjust',
      },
    ];
    // content holds none of these; support lacks balances.adjust; operations lacks players.write.
    const content = await givenOperator(t.app, db(), 'content');
    const support = await givenOperator(t.app, db(), 'support');
    const operations = await givenOperator(t.app, db(), 'operations');
    const pending = await pendingOperatorToken(t.app, db(), 'players-pending');
    const before = await auditCount();
    for (const c of calls) {
      const as = (headers: { adminToken?: string; playerToken?: string }) => adminCall(t.app, c.method, c.url, c.params, headers);
      expect((await as({})).status, `${c.url} guest`).toBe(errorStatus('ADMIN_NOT_LOGGED_IN'));
      expect((await as({ playerToken })).status, `${c.url} player`).toBe(errorStatus('ADMIN_NOT_LOGGED_IN'));
      expect((await as({ adminToken: playerToken })).status, `${c.url} player as admin`).toBe(errorStatus('ADMIN_NOT_LOGGED_IN'));
      expect((await as({ adminToken: pending })).status, `${c.url} pending`).toBe(errorStatus('ADMIN_TOTP_REQUIRED'));
      expect((await as({ adminToken: content.token })).status, `${c.url} content`).toBe(errorStatus('ADMIN_FORBIDDEN'));
      if (c.permission === 'balances.adjust')
        expect((await as({ adminToken: support.token })).status, `${c.url} support`).toBe(errorStatus('ADMIN_FORBIDDEN'));
      if (c.permission === 'players.write')
        expect((await as({ adminToken: operations.token })).status, `${c.url} operations`).toBe(errorStatus('ADMIN_FORBIDDEN'));
    }
    expect(await auditCount()).toBe(before);
    const fresh = (await adminCall(t.app, 'GET', '/api/admin/players/detail', { id: victim.id }, { adminToken: support.token })).data;
    expect(fresh.player).toMatchObject({ status: 'active', coinFen: 5_000 });
    expect(fresh.sessions).toHaveLength(1);
  });
});

describe('players screen', () => {
  it('finds a player by id, mobile and part of the nickname, and pages', async () => {
    const admin = await givenOperator(t.app, db(), 'support');
    const a = await givenUser(db(), { nickname: '搜索_甲', coinsFen: 300, pointsFen: 40 });
    await givenUser(db(), { nickname: '搜索_乙' });
    await db().execute(sql`UPDATE users SET mobile = '13912345678' WHERE id = ${a.id}`);
    const search = (params: Record<string, unknown>) => adminCall(t.app, 'GET', '/api/admin/players', params, { adminToken: admin.token });
    const byId = await search({ q: String(a.id) });
    expect(byId.data.pageData.map((p: { id: number }) => p.id)).toEqual([a.id]);
    expect(byId.data.pageData[0]).toMatchObject({
      nickname: '搜索_甲',
      mobile: '139****5678',
      coinFen: 300,
      pointFen: 40,
      status: 'active',
    });
    expect((await search({ q: '13912345678' })).data.pageData.map((p: { id: number }) => p.id)).toEqual([a.id]);
    const byName = await search({ q: '搜索_', pageSize: 1 });
    expect(byName.data).toMatchObject({ totalRows: 2, totalPages: 2 });
    expect((await search({ q: '搜索_', pageSize: 1, page: 2 })).data.pageData[0].id).toBe(a.id);
    // `%` is a letter here, not a wildcard.
    expect((await search({ q: '%' })).data.totalRows).toBe(0);
    expect((await search({ q: 'x', status: 'nonsense' })).status).toBe(errorStatus('PARAM_INVALID'));
    expect((await adminCall(t.app, 'GET', '/api/admin/players/detail', { id: 999_999_999 }, { adminToken: admin.token })).status).toBe(
      errorStatus('ADMIN_PLAYER_NOT_FOUND'),
    );
  });

  it('freezes (ending every session) and unfreezes a player, one audit row each with before and after', async () => {
    const support = await givenOperator(t.app, db(), 'support');
    const player = await givenUser(db(), { coinsFen: 1_000 });
    const token = await givenSession(db(), player.id);
    expect((await call(t.app, 'GET', '/api/personalCenter/userInfo', {}, token)).status).toBe(0);

    const freeze = (frozen: boolean, reason = '可疑登录') =>
      adminCall(t.app, 'POST', '/api/admin/players/freeze', { id: player.id, frozen, reason }, { adminToken: support.token });
    expect((await freeze(true, ' ')).status).toBe(errorStatus('PARAM_INVALID'));
    const frozen = await freeze(true);
    expect(frozen.status).toBe(0);
    expect(frozen.data.status).toBe('frozen');
    expect((await call(t.app, 'GET', '/api/personalCenter/userInfo', {}, token)).status).toBe(errorStatus('NOT_LOGGED_IN'));
    const rows = await auditRows('player.freeze', player.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ before: { status: 'active' }, after: { status: 'frozen', reason: '可疑登录' } });
    expect(toInt(rows[0]!.operator_id)).toBe(support.id);
    // Freezing a frozen account changes nothing and records nothing.
    expect((await freeze(true)).data.status).toBe('frozen');
    expect(await auditRows('player.freeze', player.id)).toHaveLength(1);

    expect((await freeze(false, '核实完毕')).data.status).toBe('active');
    expect(await auditRows('player.unfreeze', player.id)).toEqual([
      expect.objectContaining({ before: { status: 'frozen' }, after: { status: 'active', reason: '核实完毕' } }),
    ]);
  });

  it("ends all of a player's sessions", async () => {
    const support = await givenOperator(t.app, db(), 'support');
    const player = await givenUser(db());
    const tokens = [await givenSession(db(), player.id), await givenSession(db(), player.id)];
    const res = await adminCall(
      t.app,
      'POST',
      '/api/admin/players/endSessions',
      { id: player.id, reason: '账号共享' },
      { adminToken: support.token },
    );
    expect(res).toMatchObject({ status: 0, data: { ended: 2 } });
    for (const token of tokens)
      expect((await call(t.app, 'GET', '/api/personalCenter/userInfo', {}, token)).status).toBe(errorStatus('NOT_LOGGED_IN'));
    expect(await auditRows('player.endSessions', player.id)).toEqual([
      expect.objectContaining({ before: { liveSessions: 2 }, after: { liveSessions: 0, reason: '账号共享' } }),
    ]);
  });

  it('adjusts a balance through the ledger with a reason, never below zero, and the books balance', async () => {
    const finance = await givenOperator(t.app, db(), 'finance');
    const player = await givenUser(db(), { coinsFen: 1_000, pointsFen: 500 });
    const adjust = (params: Record<string, unknown>) =>
      adminCall(t.app, 'POST', '/api/admin/players/adjustBalance', { id: player.id, ...params }, { adminToken: finance.token });

    expect((await adjust({ kind: 'coin', amountFen: 100 })).status).toBe(errorStatus('PARAM_INVALID'));
    expect((await adjust({ kind: 'coin', amountFen: 0, reason: '补偿' })).status).toBe(errorStatus('PARAM_INVALID'));
    expect((await adjust({ kind: 'coin', amountFen: 1.5, reason: '补偿' })).status).toBe(errorStatus('PARAM_INVALID'));

    const up = await adjust({ kind: 'coin', amountFen: 2_345, reason: '活动补偿' });
    expect(up).toMatchObject({ status: 0, data: { coinFen: 3_345, pointFen: 500 } });
    const down = await adjust({ kind: 'point', amountFen: -200, reason: '误发扣回' });
    expect(down).toMatchObject({ status: 0, data: { coinFen: 3_345, pointFen: 300 } });
    const before = await auditCount();
    expect((await adjust({ kind: 'point', amountFen: -301, reason: '误发扣回' })).status).toBe(errorStatus('INSUFFICIENT_BALANCE'));
    expect(await auditCount()).toBe(before);

    const audits = await auditRows('player.adjustBalance', player.id);
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({
      before: { coinFen: 1_000, pointFen: 500 },
      after: { coinFen: 3_345, pointFen: 500, amountFen: 2_345, reason: '活动补偿' },
    });
    const transfers = await queryRows<{ amount_fen: unknown; memo: string; ref_type: string }>(
      db(),
      sql`SELECT amount_fen, memo, ref_type FROM ledger_transfers WHERE code = 'adjustment' ORDER BY id`,
    );
    expect(transfers.map((r) => [toInt(r.amount_fen), r.memo, r.ref_type])).toEqual([
      [2_345, '活动补偿', 'operator'],
      [200, '误发扣回', 'operator'],
    ]);
    const detail = await adminCall(t.app, 'GET', '/api/admin/players/detail', { id: player.id }, { adminToken: finance.token });
    expect(detail.data.ledger.slice(0, 2)).toMatchObject([
      { code: 'adjustment', label: '人工调整', balanceType: 1, changeFen: -200, balanceAfterFen: 300 },
      { code: 'adjustment', label: '人工调整', balanceType: 0, changeFen: 2_345, balanceAfterFen: 3_345 },
    ]);
    await expectBooksBalanced(db());
  });

  it('runs an adjustment once per Idempotency-Key: a retry replays its answer, another body under it is refused', async () => {
    const finance = await givenOperator(t.app, db(), 'finance');
    const player = await givenUser(db(), { coinsFen: 1_000 });
    const adjust = async (key: string, amountFen: number) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/players/adjustBalance',
          headers: { 'admin-token': finance.token, 'idempotency-key': key, 'content-type': 'application/json' },
          payload: JSON.stringify({ id: player.id, kind: 'coin', amountFen, reason: '重复提交测试' }),
        })
      ).json();
    const first = await adjust('console-adjust-1', 500);
    expect(first).toMatchObject({ status: 0, data: { coinFen: 1_500 } });
    expect(await adjust('console-adjust-1', 500)).toEqual(first);
    expect((await adjust('console-adjust-1', 600)).status).toBe(errorStatus('IDEMPOTENCY_KEY_REUSED'));
    expect((await adjust('console-adjust-2', 500)).data.coinFen).toBe(2_000);
    expect(await auditRows('player.adjustBalance', player.id)).toHaveLength(2);
    await expectBooksBalanced(db());
  });
});
