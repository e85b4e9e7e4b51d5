import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, errorStatus } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { givenUser } from '../../testing/factories.js';
import { adminCall, givenOperator } from '../../testing/operators.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { audited } from './audit.js';

/**
 * Issue 24 §12: `GET /api/admin/audit?action=player.adjustBalance` answered 1001 (the filter allowed only
 * lower case) while most action names are camelCase. Every name `audited()` may write (the contract's
 * list: the function takes no other) must find its rows, in its own spelling and in lower case.
 */

let t: TestApp;
let as: { adminToken: string };
beforeAll(async () => {
  t = await buildTestApp();
  as = { adminToken: (await givenOperator(t.app, t.database.db, 'admin')).token };
});
afterAll(async () => t?.close());

const filterBy = (action: string) => adminCall(t.app, 'GET', '/api/admin/audit', { action, pageSize: 100 }, as);

describe('the audit log’s action filter', () => {
  it('finds a balance adjustment by its documented name', async () => {
    const player = await givenUser(t.database.db);
    const adjusted = await adminCall(
      t.app,
      'POST',
      '/api/admin/players/adjustBalance',
      { id: player.id, kind: 'coin', amountFen: 100, reason: '补发测试' },
      as,
    );
    expect(adjusted.status).toBe(0);
    for (const spelling of ['player.adjustBalance', 'player.adjustbalance', 'PLAYER.ADJUSTBALANCE']) {
      const found = await filterBy(spelling);
      expect(found.status, spelling).toBe(0);
      expect(found.data.totalRows, spelling).toBe(1);
      expect(found.data.pageData[0]).toMatchObject({
        action: 'player.adjustBalance',
        targetId: String(player.id),
      });
    }
  });

  it('finds the rows of every action the server writes, and only those', async () => {
    // One row per action, written the way every change writes it; the names differ even ignoring case.
    expect(new Set(auditActions.map((a) => a.toLowerCase())).size).toBe(auditActions.length);
    await runInTransaction(t.database.db, async ({ tx }) => {
      for (const action of auditActions)
        await audited(tx, { operatorId: null, ip: '192.0.2.1' }, action, { type: 'filter_test', id: action }, null, { action });
    });
    const wrong: string[] = [];
    for (const action of auditActions) {
      for (const spelling of [action, action.toLowerCase()]) {
        const found = await filterBy(spelling);
        const rows = (found.data?.pageData ?? []) as Array<{ action: string; targetType: string }>;
        const ours = rows.filter((r) => r.targetType === 'filter_test');
        if (found.status !== 0 || ours.length !== 1 || rows.some((r) => r.action !== action))
          wrong.push(
            `${spelling}: status ${found.status}, ${ours.length} test rows, actions ${[...new Set(rows.map((r) => r.action))].join(',')}`,
          );
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a name with other characters as a parameter error, in Chinese', async () => {
    for (const action of ['player adjustBalance', "player.adjust'Balance", 'x'.repeat(65)]) {
      const refused = await filterBy(action);
      expect(refused.status, action).toBe(errorStatus('PARAM_INVALID'));
      expect(refused.msg).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
