import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorStatus } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { usingPostgres } from '../../testing/test-db.js';
import { adminCall, givenOperator, OPERATOR_PASSWORD, totpCode } from '../../testing/operators.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { createOperatorSession, markSessionVerified } from './sessions.js';

/**
 * Issue 24 §10 (decision 0047): an operator changes their own password and ends their own sessions; an
 * admin's reset of a password or of two-factor hands out a one-time password, shown once, that works only
 * for logging in, passing two-factor and choosing a new password. Every change is one audit row.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const NOT_LOGGED_IN = errorStatus('ADMIN_NOT_LOGGED_IN');
const DUE = errorStatus('ADMIN_PASSWORD_CHANGE_REQUIRED');
const NEW_PASSWORD = 'my-own-password-2024';
const ONE_TIME = /^[a-hj-km-np-z2-9]{4}(-[a-hj-km-np-z2-9]{4}){4}$/;

const me = (token: string) => adminCall(t.app, 'GET', '/api/admin/me', {}, { adminToken: token });
const login = (name: string, password: string) => adminCall(t.app, 'POST', '/api/admin/login', { name, password });
const code = (token: string, c: string) => adminCall(t.app, 'POST', '/api/admin/totp', { code: c }, { adminToken: token });
const changePassword = (token: string, currentPassword: string, newPassword: string) =>
  adminCall(t.app, 'POST', '/api/admin/account/password', { currentPassword, newPassword }, { adminToken: token });

const resetPasswordOf = (id: number, adminToken: string) =>
  adminCall(t.app, 'POST', '/api/admin/operators/resetPassword', { id }, { adminToken });
const resetTotpOf = (id: number, adminToken: string) => adminCall(t.app, 'POST', '/api/admin/operators/resetTotp', { id }, { adminToken });

/** Another whole session of the operator (another browser), arranged in the database. */
async function anotherSession(operatorId: number, ip = '198.51.100.7', verified = true): Promise<{ token: string; id: number }> {
  const { token, sessionId } = await createOperatorSession(t.database.db, operatorId, t.config.adminSession, ip);
  if (verified) await markSessionVerified(t.database.db, sessionId);
  return { token, id: sessionId };
}

async function auditRows(action: string, targetId: number | string) {
  return queryRows<{
    operator_id: unknown;
    target_type: string;
    before: unknown;
    after: Record<string, unknown>;
  }>(
    t.database.db,
    sql`SELECT operator_id, target_type, before, after FROM audit_log WHERE action = ${action} AND target_id = ${String(targetId)} ORDER BY id`,
  );
}

/** A code the operator's app shows that the server has not accepted yet (each code works once). */
async function freshCode(operatorId: number, secret: string): Promise<string> {
  await t.database.db.execute(sql`UPDATE operators SET last_totp_step = NULL WHERE id = ${operatorId}`);
  return totpCode(secret);
}

describe('an operator’s own password', () => {
  it('changes with the current one; the other sessions end, this one stays; one audit row without the password', async () => {
    const op = await givenOperator(t.app, t.database.db, 'support');
    const other = await anotherSession(op.id);
    const before = await auditRows('operator.changePassword', op.id);
    expect((await changePassword(op.token, 'not-my-password-1', NEW_PASSWORD)).status).toBe(errorStatus('ADMIN_PASSWORD_WRONG'));
    expect((await changePassword(op.token, OPERATOR_PASSWORD, OPERATOR_PASSWORD)).status).toBe(errorStatus('ADMIN_PASSWORD_SAME'));
    const weak = await changePassword(op.token, OPERATOR_PASSWORD, 'short');
    expect(weak.status).toBe(errorStatus('PARAM_INVALID'));
    expect(weak.msg).toContain('密码至少12位');
    expect(await auditRows('operator.changePassword', op.id)).toEqual(before);
    expect((await me(other.token)).status).toBe(0);

    expect(await changePassword(op.token, OPERATOR_PASSWORD, NEW_PASSWORD)).toMatchObject({
      status: 0,
      data: { endedSessions: 1 },
    });
    expect((await me(other.token)).status).toBe(NOT_LOGGED_IN);
    expect((await me(op.token)).status).toBe(0);
    expect((await login(op.name, OPERATOR_PASSWORD)).status).toBe(errorStatus('ADMIN_LOGIN_FAILED'));
    expect(await login(op.name, NEW_PASSWORD)).toMatchObject({ status: 0, data: { next: 'totp' } });
    const rows = await auditRows('operator.changePassword', op.id);
    expect(rows).toHaveLength(1);
    expect(toInt(rows[0]!.operator_id)).toBe(op.id);
    expect(rows[0]!.after).toMatchObject({ mustChangePassword: false, endedSessions: 1 });
    expect(JSON.stringify(rows[0])).not.toMatch(/argon2|my-own-password/);
  }, 60_000);

  it('counts wrong current passwords in the login’s own budget: a stolen session cannot guess it', async () => {
    const op = await givenOperator(t.app, t.database.db, 'content');
    for (let i = 0; i < 5; i++)
      expect((await changePassword(op.token, `wrong-password-${i}`, NEW_PASSWORD)).status).toBe(errorStatus('ADMIN_PASSWORD_WRONG'));
    expect((await changePassword(op.token, OPERATOR_PASSWORD, NEW_PASSWORD)).status).toBe(errorStatus('ADMIN_LOGIN_LOCKED'));
    expect((await login(op.name, OPERATOR_PASSWORD)).status).toBe(errorStatus('ADMIN_LOGIN_LOCKED'));
  });
});

describe('an admin’s reset', () => {
  it('of a password: a one-time password shown once, every session ended, a new password forced after two-factor', async () => {
    const admin = await givenOperator(t.app, t.database.db, 'admin');
    const op = await givenOperator(t.app, t.database.db, 'support');
    const other = await anotherSession(op.id);
    const reset = await resetPasswordOf(op.id, admin.token);
    expect(reset.status).toBe(0);
    const oneTime = reset.data.oneTimePassword as string;
    expect(oneTime).toMatch(ONE_TIME);
    expect(reset.data.operator).toMatchObject({ id: op.id, enrolled: true, mustChangePassword: true });
    const hours = (Date.parse(reset.data.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71);
    expect(hours).toBeLessThanOrEqual(72);
    for (const token of [op.token, other.token]) expect((await me(token)).status).toBe(NOT_LOGGED_IN);
    expect((await login(op.name, OPERATOR_PASSWORD)).status).toBe(errorStatus('ADMIN_LOGIN_FAILED'));

    // Two-factor first: a one-time password alone (read off a chat, say) changes nothing.
    const pending = await login(op.name, oneTime);
    expect(pending.data).toMatchObject({ next: 'totp', enrolment: null });
    const token = pending.data.token as string;
    expect((await changePassword(token, oneTime, NEW_PASSWORD)).status).toBe(errorStatus('ADMIN_TOTP_REQUIRED'));
    expect((await code(token, await freshCode(op.id, op.secret))).data).toMatchObject({
      mustChangePassword: true,
    });
    // Then only the change, /me and /logout.
    expect((await me(token)).data.mustChangePassword).toBe(true);
    for (const [method, url] of [
      ['GET', '/api/admin/players'],
      ['GET', '/api/admin/account/sessions'],
      ['POST', '/api/admin/account/sessions/endOthers'],
    ] as const)
      expect((await adminCall(t.app, method, url, {}, { adminToken: token })).status, url).toBe(DUE);
    expect((await changePassword(token, oneTime, oneTime)).status).toBe(errorStatus('ADMIN_PASSWORD_SAME'));
    expect((await changePassword(token, oneTime, NEW_PASSWORD)).status).toBe(0);
    expect((await adminCall(t.app, 'GET', '/api/admin/players', {}, { adminToken: token })).status).toBe(0);
    expect((await me(token)).data).toMatchObject({ mustChangePassword: false, passwordExpiresAt: null });
    expect((await login(op.name, oneTime)).status).toBe(errorStatus('ADMIN_LOGIN_FAILED'));

    const [row] = await auditRows('operator.resetPassword', op.id);
    expect(toInt(row!.operator_id)).toBe(admin.id);
    expect(row!.after).toMatchObject({ mustChangePassword: true });
    // Shown once: kept nowhere but as a hash (not in the audit log, not in the operator list).
    expect(JSON.stringify(row)).not.toContain(oneTime);
    const list = await adminCall(t.app, 'GET', '/api/admin/operators', { search: op.name }, { adminToken: admin.token });
    expect(JSON.stringify(list.data)).not.toContain(oneTime);
  }, 60_000);

  it('until the new password is set, every console route but me, logout and the change refuses', async () => {
    const admin = await givenOperator(t.app, t.database.db, 'admin');
    const op = await givenOperator(t.app, t.database.db, 'admin');
    const reset = await resetPasswordOf(op.id, admin.token);
    const pending = await login(op.name, reset.data.oneTimePassword as string);
    const token = pending.data.token as string;
    expect((await code(token, await freshCode(op.id, op.secret))).status).toBe(0);
    const routes = [...t.app.consoleRoutes.values()];
    expect(
      routes
        .filter((r) => r.allowPasswordDue)
        .map((r) => r.url)
        .sort(),
    ).toEqual(['/api/admin/account/password', '/api/admin/logout', '/api/admin/me']);
    const open: string[] = [];
    for (const r of routes.filter((x) => !x.allowPasswordDue)) {
      const answer = await adminCall(t.app, r.method, r.url, {}, { adminToken: token });
      if (answer.status !== DUE) open.push(`${r.method} ${r.url}: ${answer.status}`);
    }
    expect(open).toEqual([]);
  }, 120_000);

  it('of two-factor: the password is reset too, so the old (perhaps phished) password cannot enrol', async () => {
    const admin = await givenOperator(t.app, t.database.db, 'admin');
    const op = await givenOperator(t.app, t.database.db, 'finance');
    const reset = await resetTotpOf(op.id, admin.token);
    expect(reset.data.operator).toMatchObject({ enrolled: false, mustChangePassword: true });
    expect((await me(op.token)).status).toBe(NOT_LOGGED_IN);
    expect((await login(op.name, OPERATOR_PASSWORD)).status).toBe(errorStatus('ADMIN_LOGIN_FAILED'));

    const pending = await login(op.name, reset.data.oneTimePassword as string);
    expect(pending.data.next).toBe('enrol');
    const token = pending.data.token as string;
    expect((await code(token, totpCode(pending.data.enrolment.secret as string))).data).toMatchObject({
      enrolled: true,
      mustChangePassword: true,
    });
    expect((await adminCall(t.app, 'GET', '/api/admin/deposits', {}, { adminToken: token })).status).toBe(DUE);
    expect((await changePassword(token, reset.data.oneTimePassword as string, NEW_PASSWORD)).status).toBe(0);
    expect((await adminCall(t.app, 'GET', '/api/admin/deposits', {}, { adminToken: token })).status).toBe(0);
  }, 60_000);

  it('a one-time password stops working after its time; a wrong one still answers like any wrong password', async () => {
    const admin = await givenOperator(t.app, t.database.db, 'admin');
    const op = await givenOperator(t.app, t.database.db, 'support');
    const reset = await resetPasswordOf(op.id, admin.token);
    await t.database.db.execute(sql`UPDATE operators SET password_expires_at = now() - interval '1 second' WHERE id = ${op.id}`);
    expect((await login(op.name, reset.data.oneTimePassword as string)).status).toBe(errorStatus('ADMIN_PASSWORD_EXPIRED'));
    expect((await login(op.name, 'wrong-password-0')).status).toBe(errorStatus('ADMIN_LOGIN_FAILED'));
    // A new reset lets them in again.
    const again = await resetPasswordOf(op.id, admin.token);
    expect((await login(op.name, again.data.oneTimePassword as string)).status).toBe(0);
  });

  it('an operator created in the console replaces the initial password the admin typed', async () => {
    const admin = await givenOperator(t.app, t.database.db, 'admin');
    const made = await adminCall(
      t.app,
      'POST',
      '/api/admin/operators/create',
      { name: 'typed-by-admin', password: OPERATOR_PASSWORD, role: 'content' },
      { adminToken: admin.token },
    );
    expect(made.data).toMatchObject({ mustChangePassword: true });
    const pending = await login('typed-by-admin', OPERATOR_PASSWORD);
    const token = pending.data.token as string;
    expect((await code(token, totpCode(pending.data.enrolment.secret as string))).data.mustChangePassword).toBe(true);
    expect((await adminCall(t.app, 'GET', '/api/admin/content/documents', {}, { adminToken: token })).status).toBe(DUE);
  });
});

describe('an operator’s own sessions', () => {
  it('lists the live ones, this one marked, and ends one or all the others, each audited', async () => {
    const op = await givenOperator(t.app, t.database.db, 'support');
    const stranger = await givenOperator(t.app, t.database.db, 'support');
    const laptop = await anotherSession(op.id, '203.0.113.50');
    const halfway = await anotherSession(op.id, '192.0.2.99', false);
    const ended = await anotherSession(op.id);
    await adminCall(t.app, 'POST', '/api/admin/logout', {}, { adminToken: ended.token });

    const list = await adminCall(t.app, 'GET', '/api/admin/account/sessions', {}, { adminToken: op.token });
    expect(list.status).toBe(0);
    const sessions = list.data as Array<{
      id: number;
      ip: string;
      verified: boolean;
      current: boolean;
      createdAt: string;
      lastSeenAt: string;
    }>;
    expect(sessions.map((s) => s.id).sort()).toEqual([laptop.id, halfway.id, sessions.find((s) => s.current)!.id].sort());
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.find((s) => s.id === halfway.id)).toMatchObject({
      ip: '192.0.2.99',
      verified: false,
      current: false,
    });
    expect(sessions.find((s) => s.id === laptop.id)).toMatchObject({ ip: '203.0.113.50', verified: true });
    expect(JSON.stringify(sessions)).not.toMatch(/op_|token/i);

    const end = (id: number, token = op.token) =>
      adminCall(t.app, 'POST', '/api/admin/account/sessions/end', { id }, { adminToken: token });
    // Another operator's session answers like a missing one, and lives on.
    expect((await end(laptop.id, stranger.token)).status).toBe(errorStatus('ADMIN_SESSION_NOT_FOUND'));
    expect((await me(laptop.token)).status).toBe(0);
    expect(await end(laptop.id)).toMatchObject({ status: 0, data: { ended: 1 } });
    expect((await me(laptop.token)).status).toBe(NOT_LOGGED_IN);
    expect((await end(laptop.id)).status).toBe(errorStatus('ADMIN_SESSION_NOT_FOUND'));
    const [endRow] = await auditRows('operator.endSession', laptop.id);
    expect(endRow).toMatchObject({
      target_type: 'operator_session',
      before: { ip: '203.0.113.50' },
      after: { ended: true },
    });

    const phone = await anotherSession(op.id, '203.0.113.51');
    expect(await adminCall(t.app, 'POST', '/api/admin/account/sessions/endOthers', {}, { adminToken: op.token })).toMatchObject({
      status: 0,
      data: { ended: 2 },
    });
    expect((await me(phone.token)).status).toBe(NOT_LOGGED_IN);
    const mine = await adminCall(t.app, 'GET', '/api/admin/account/sessions', {}, { adminToken: op.token });
    expect(mine.data).toHaveLength(1);
    expect(mine.data[0].current).toBe(true);
    expect((await auditRows('operator.endOtherSessions', op.id))[0]).toMatchObject({
      before: { liveSessions: 3 },
      after: { liveSessions: 1 },
    });

    // Ending this very session is a logout.
    expect((await end(mine.data[0].id as number)).status).toBe(0);
    expect((await me(op.token)).status).toBe(NOT_LOGGED_IN);
  }, 60_000);
});

describe.skipIf(!usingPostgres())('a password change racing an admin’s reset (PostgreSQL)', () => {
  it('the reset always stands: its one-time password works afterwards, whichever commits first', async () => {
    const admin = await givenOperator(t.app, t.database.db, 'admin');
    for (let round = 0; round < 3; round++) {
      const op = await givenOperator(t.app, t.database.db, 'support');
      const [changed, reset] = await Promise.all([
        changePassword(op.token, OPERATOR_PASSWORD, NEW_PASSWORD),
        resetPasswordOf(op.id, admin.token),
      ]);
      expect(reset.status).toBe(0);
      expect([0, NOT_LOGGED_IN]).toContain(changed.status);
      expect((await login(op.name, reset.data.oneTimePassword as string)).status).toBe(0);
      expect((await login(op.name, NEW_PASSWORD)).status).toBe(errorStatus('ADMIN_LOGIN_FAILED'));
    }
  }, 180_000);
});
