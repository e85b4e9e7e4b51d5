import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { adminCall, givenOperator } from '../../testing/operators.js';
import { givenSession, givenUser } from '../../testing/factories.js';
import { errorStatus } from '@skinfair/contract';

/** Issue 9 §10: the ledger audit is for signed-in operators, never for the public or a player. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('GET /api/admin/ledgerAudit', () => {
  it('audits the books for an operator who reads the dashboard, deep on request', async () => {
    const finance = await givenOperator(t.app, t.database.db, 'finance');
    const quick = await adminCall(t.app, 'GET', '/api/admin/ledgerAudit', {}, { adminToken: finance.token });
    expect(quick).toMatchObject({ status: 0, data: { sumFen: 0, negativeUserAccounts: 0, mismatchedAccounts: null, balanced: true } });
    const deep = await adminCall(t.app, 'GET', '/api/admin/ledgerAudit', { deep: 1 }, { adminToken: finance.token });
    expect(deep).toMatchObject({ status: 0, data: { mismatchedAccounts: 0, balanced: true } });
  });

  it('answers guests, players and operators without the permission like any console refusal', async () => {
    const user = await givenUser(t.database.db);
    const playerToken = await givenSession(t.database.db, user.id);
    const content = await givenOperator(t.app, t.database.db, 'content');
    for (const headers of [{}, { playerToken }, { adminToken: playerToken }, { adminToken: content.token }]) {
      const res = await adminCall(t.app, 'GET', '/api/admin/ledgerAudit', { deep: 1 }, headers);
      expect(res.status).not.toBe(0);
      expect(res.data).toBeNull();
    }
  });

  it('counts its tight limit per operator after the session check: strangers on the address use none of it', async () => {
    const finance = await givenOperator(t.app, t.database.db, 'finance');
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app
        .inject({ method: 'GET', url: '/api/admin/ledgerAudit?deep=1', remoteAddress, headers })
        .then((r) => r.json<{ status: number }>());
    const office = '198.51.100.24';
    for (let i = 0; i < 30; i++) expect((await from(office)).status).toBe(errorStatus('ADMIN_NOT_LOGGED_IN'));
    for (let i = 0; i < 30; i++)
      expect((await from(office, { 'admin-token': `op_forged${i}` })).status).toBe(errorStatus('ADMIN_NOT_LOGGED_IN'));
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push((await from(office, { 'admin-token': finance.token })).status);
    // The operator's own six a minute still hold, wherever the calls come from.
    expect(answers).toEqual([0, 0, 0, 0, 0, 0, errorStatus('RATE_LIMITED')]);
    const other = await givenOperator(t.app, t.database.db, 'finance');
    expect((await from(office, { 'admin-token': other.token })).status).toBe(0);
  });
});
