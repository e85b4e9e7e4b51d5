import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { adminRoles, errorStatus, roleHasPermission, type AdminPermission } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { givenSession, givenUser } from '../../testing/factories.js';
import { adminCall, givenOperator, OPERATOR_PASSWORD, totpCode } from '../../testing/operators.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { createOperator } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const NOT_LOGGED_IN = errorStatus('ADMIN_NOT_LOGGED_IN');
const auditCount = async () => toInt((await queryRows<{ n: unknown }>(t.database.db, sql`SELECT count(*) AS n FROM audit_log`))[0]?.n);
const lastAudit = async () =>
  (await queryRows<Record<string, unknown>>(t.database.db, sql`SELECT * FROM audit_log ORDER BY id DESC LIMIT 1`))[0]!;

/** Every admin call but login, with a valid body and the permission it needs (null: any operator). */
const calls: Array<{
  method: 'GET' | 'POST';
  url: string;
  params: Record<string, unknown>;
  permission: AdminPermission | null;
}> = [
  { method: 'GET', url: '/api/admin/me', params: {}, permission: null },
  { method: 'GET', url: '/api/admin/operators', params: {}, permission: 'operators.read' },
  {
    method: 'POST',
    url: '/api/admin/operators/create',
    params: { name: 'guard-new', password: OPERATOR_PASSWORD, role: 'support' },
    permission: 'operators.write',
  },
  {
    method: 'POST',
    url: '/api/admin/operators/role',
    params: { id: 1, role: 'admin' },
    permission: 'operators.write',
  },
  {
    method: 'POST',
    url: '/api/admin/operators/disabled',
    params: { id: 1, disabled: false },
    permission: 'operators.write',
  },
  {
    method: 'POST',
    url: '/api/admin/operators/resetTotp',
    params: { id: 999_999 },
    permission: 'operators.write',
  },
  { method: 'GET', url: '/api/admin/audit', params: {}, permission: 'audit.read' },
];

describe('who may call /api/admin/*', () => {
  it('refuses guests, player tokens, operators before two-factor and operators without the permission', async () => {
    const player = await givenSession(t.database.db, (await givenUser(t.database.db)).id);
    const content = await givenOperator(t.app, t.database.db, 'content');
    const pendingName = 'pending-admin';
    await createOperator(
      { db: t.database.db },
      { operatorId: null, ip: null },
      { name: pendingName, password: OPERATOR_PASSWORD, role: 'admin' },
    );
    const pending = await adminCall(t.app, 'POST', '/api/admin/login', {
      name: pendingName,
      password: OPERATOR_PASSWORD,
    });
    const before = await auditCount();
    for (const c of calls) {
      expect((await adminCall(t.app, c.method, c.url, c.params)).status, `${c.url} guest`).toBe(NOT_LOGGED_IN);
      expect((await adminCall(t.app, c.method, c.url, c.params, { playerToken: player })).status, `${c.url} player`).toBe(NOT_LOGGED_IN);
      expect((await adminCall(t.app, c.method, c.url, c.params, { adminToken: player })).status, `${c.url} player as admin`).toBe(
        NOT_LOGGED_IN,
      );
      expect((await adminCall(t.app, c.method, c.url, c.params, { adminToken: pending.data.token })).status, `${c.url} pending`).toBe(
        errorStatus('ADMIN_TOTP_REQUIRED'),
      );
      const asContent = await adminCall(t.app, c.method, c.url, c.params, { adminToken: content.token });
      expect(asContent.status, `${c.url} content role`).toBe(c.permission === null ? 0 : errorStatus('ADMIN_FORBIDDEN'));
    }
    expect(await auditCount()).toBe(before);
  });

  it('refuses the same for every route the console defines, before reading its parameters', async () => {
    // Every screen's routes, not only the ones listed above: the table fills as the app registers them.
    const routes = [...t.app.consoleRoutes.values()];
    expect(routes.length).toBeGreaterThan(60);
    expect(
      routes
        .filter((r) => r.permission === null)
        .map((r) => r.url)
        .sort(),
    ).toEqual([
      '/api/admin/account/password',
      '/api/admin/account/sessions',
      '/api/admin/account/sessions/end',
      '/api/admin/account/sessions/endOthers',
      '/api/admin/logout',
      '/api/admin/me',
      '/api/admin/totp',
    ]);
    const player = await givenSession(t.database.db, (await givenUser(t.database.db)).id);
    await createOperator(
      { db: t.database.db },
      { operatorId: null, ip: null },
      { name: 'pending-sweep', password: OPERATOR_PASSWORD, role: 'admin' },
    );
    const pending = await adminCall(t.app, 'POST', '/api/admin/login', {
      name: 'pending-sweep',
      password: OPERATOR_PASSWORD,
    });
    const roles = Object.fromEntries(
      await Promise.all(adminRoles.map(async (role) => [role, (await givenOperator(t.app, t.database.db, role)).token] as const)),
    );
    const before = await auditCount();
    for (const r of routes) {
      const where = `${r.method} ${r.url}`;
      // No parameters at all: a refusal must come before the parameters are read.
      expect((await adminCall(t.app, r.method, r.url, {})).status, `${where} guest`).toBe(NOT_LOGGED_IN);
      expect((await adminCall(t.app, r.method, r.url, {}, { playerToken: player })).status, `${where} player`).toBe(NOT_LOGGED_IN);
      if (!r.allowPending)
        expect((await adminCall(t.app, r.method, r.url, {}, { adminToken: pending.data.token })).status, `${where} pending`).toBe(
          errorStatus('ADMIN_TOTP_REQUIRED'),
        );
      if (r.permission === null) continue;
      for (const role of adminRoles.filter((x) => !roleHasPermission(x, r.permission!)))
        expect((await adminCall(t.app, r.method, r.url, {}, { adminToken: roles[role] })).status, `${where} ${role}`).toBe(
          errorStatus('ADMIN_FORBIDDEN'),
        );
    }
    expect(await auditCount()).toBe(before);
  }, 120_000);

  it('lets an admin call each of them', async () => {
    const admin = await givenOperator(t.app, t.database.db, 'admin');
    for (const c of calls.filter((x) => x.url !== '/api/admin/operators/resetTotp')) {
      const answer = await adminCall(t.app, c.method, c.url, c.params, { adminToken: admin.token });
      expect(answer.status, c.url).toBe(0);
    }
    expect((await adminCall(t.app, 'POST', '/api/admin/operators/resetTotp', { id: 999_999 }, { adminToken: admin.token })).status).toBe(
      errorStatus('ADMIN_OPERATOR_NOT_FOUND'),
    );
  });
});

describe('login with password and TOTP', () => {
  it('enrols two-factor at the first login, then asks for a code at each login', async () => {
    const name = 'first-login';
    await createOperator({ db: t.database.db }, { operatorId: null, ip: null }, { name, password: OPERATOR_PASSWORD, role: 'finance' });
    const first = await adminCall(t.app, 'POST', '/api/admin/login', { name, password: OPERATOR_PASSWORD });
    expect(first.data.next).toBe('enrol');
    expect(first.data.enrolment.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    const secret = first.data.enrolment.secret as string;
    expect(
      (
        await adminCall(
          t.app,
          'POST',
          '/api/admin/totp',
          { code: '000000' === totpCode(secret) ? '111111' : '000000' },
          { adminToken: first.data.token },
        )
      ).status,
    ).toBe(errorStatus('ADMIN_TOTP_WRONG'));
    const done = await adminCall(t.app, 'POST', '/api/admin/totp', { code: totpCode(secret) }, { adminToken: first.data.token });
    expect(done.data).toMatchObject({ name, role: 'finance', enrolled: true });
    expect(done.data.permissions).toContain('balances.adjust');
    expect((await adminCall(t.app, 'GET', '/api/admin/me', {}, { adminToken: first.data.token })).data.name).toBe(name);

    const second = await adminCall(t.app, 'POST', '/api/admin/login', { name, password: OPERATOR_PASSWORD });
    expect(second.data).toMatchObject({ next: 'totp', enrolment: null });
    // The code just used does not work twice (a replayed code); the next step's code does.
    expect((await adminCall(t.app, 'POST', '/api/admin/totp', { code: totpCode(secret) }, { adminToken: second.data.token })).status).toBe(
      errorStatus('ADMIN_TOTP_WRONG'),
    );
    expect(
      (await adminCall(t.app, 'POST', '/api/admin/totp', { code: totpCode(secret, 1) }, { adminToken: second.data.token })).status,
    ).toBe(0);

    await adminCall(t.app, 'POST', '/api/admin/logout', {}, { adminToken: second.data.token });
    expect((await adminCall(t.app, 'GET', '/api/admin/me', {}, { adminToken: second.data.token })).status).toBe(NOT_LOGGED_IN);
    expect((await adminCall(t.app, 'GET', '/api/admin/me', {}, { adminToken: first.data.token })).status).toBe(0);
  });

  it('answers a wrong password and an unknown name alike, and limits password guesses', async () => {
    await createOperator(
      { db: t.database.db },
      { operatorId: null, ip: null },
      { name: 'guessed', password: OPERATOR_PASSWORD, role: 'support' },
    );
    const unknown = await adminCall(t.app, 'POST', '/api/admin/login', {
      name: 'nobody-here',
      password: OPERATOR_PASSWORD,
    });
    const wrong = await adminCall(t.app, 'POST', '/api/admin/login', {
      name: 'guessed',
      password: 'wrong-password-1',
    });
    expect(unknown).toEqual(wrong);
    expect(wrong.status).toBe(errorStatus('ADMIN_LOGIN_FAILED'));
    for (let i = 0; i < 4; i++) await adminCall(t.app, 'POST', '/api/admin/login', { name: 'guessed', password: 'wrong-password-1' });
    expect((await adminCall(t.app, 'POST', '/api/admin/login', { name: 'guessed', password: OPERATOR_PASSWORD })).status).toBe(
      errorStatus('ADMIN_LOGIN_LOCKED'),
    );
  });

  it('limits wrong codes: after five, even the right code waits', async () => {
    const op = await givenOperator(t.app, t.database.db, 'support');
    const login = await adminCall(t.app, 'POST', '/api/admin/login', {
      name: op.name,
      password: OPERATOR_PASSWORD,
    });
    const wrongCode = totpCode(op.secret, 1) === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) {
      expect((await adminCall(t.app, 'POST', '/api/admin/totp', { code: wrongCode }, { adminToken: login.data.token })).status).toBe(
        errorStatus('ADMIN_TOTP_WRONG'),
      );
    }
    const locked = await adminCall(t.app, 'POST', '/api/admin/totp', { code: totpCode(op.secret, 1) }, { adminToken: login.data.token });
    expect(locked.status).toBe(errorStatus('ADMIN_LOGIN_LOCKED'));
    expect((await adminCall(t.app, 'GET', '/api/admin/me', {}, { adminToken: login.data.token })).status).toBe(
      errorStatus('ADMIN_TOTP_REQUIRED'),
    );
  });

  it('ends a session left idle past its timeout', async () => {
    const op = await givenOperator(t.app, t.database.db, 'operations');
    expect((await adminCall(t.app, 'GET', '/api/admin/me', {}, { adminToken: op.token })).status).toBe(0);
    await t.database.db.execute(
      sql`UPDATE operator_sessions SET last_seen_at = now() - make_interval(mins => ${t.config.adminSession.idleMinutes + 1}) WHERE operator_id = ${op.id}`,
    );
    expect((await adminCall(t.app, 'GET', '/api/admin/me', {}, { adminToken: op.token })).status).toBe(NOT_LOGGED_IN);
  });

  it('never returns a password hash or a TOTP secret', async () => {
    const admin = await givenOperator(t.app, t.database.db, 'admin');
    const page = await adminCall(t.app, 'GET', '/api/admin/operators', { pageSize: 100 }, { adminToken: admin.token });
    // The two password fields say whether a new one is due and until when, never what it is.
    const text = JSON.stringify(page).replace(/"(mustChangePassword|passwordExpiresAt)"/g, '');
    expect(text).not.toMatch(/argon2|password|totp|secret/i);
    expect(text).not.toContain(admin.secret);
    const stored = await queryRows<{ totp_secret_enc: string }>(
      t.database.db,
      sql`SELECT totp_secret_enc FROM operators WHERE id = ${admin.id}`,
    );
    expect(stored[0]!.totp_secret_enc).not.toContain(admin.secret);
  });
});

describe('operators, audited', () => {
  it('writes exactly one audit row with before and after for each change', async () => {
    const admin = await givenOperator(t.app, t.database.db, 'admin');
    const as = { adminToken: admin.token };
    let count = await auditCount();
    const expectOneRow = async (action: string, before: unknown, after: unknown) => {
      expect(await auditCount()).toBe(count + 1);
      count += 1;
      const row = await lastAudit();
      expect({ action: row.action, targetType: row.target_type, operatorId: toInt(row.operator_id) }).toEqual({
        action,
        targetType: 'operator',
        operatorId: admin.id,
      });
      expect(row.before).toEqual(before);
      expect(row.after).toEqual(after);
    };
    const created = await adminCall(
      t.app,
      'POST',
      '/api/admin/operators/create',
      { name: 'Audited.One', password: OPERATOR_PASSWORD, role: 'support' },
      as,
    );
    expect(created.data).toMatchObject({
      name: 'audited.one',
      role: 'support',
      enrolled: false,
      disabled: false,
    });
    await expectOneRow('operator.create', null, created.data);
    const id = created.data.id as number;

    const promoted = await adminCall(t.app, 'POST', '/api/admin/operators/role', { id, role: 'finance' }, as);
    await expectOneRow('operator.set-role', created.data, promoted.data);
    const disabled = await adminCall(t.app, 'POST', '/api/admin/operators/disabled', { id, disabled: true }, as);
    await expectOneRow('operator.disable', promoted.data, disabled.data);
    const enabled = await adminCall(t.app, 'POST', '/api/admin/operators/disabled', { id, disabled: false }, as);
    await expectOneRow('operator.enable', disabled.data, enabled.data);
    const reset = await adminCall(t.app, 'POST', '/api/admin/operators/resetTotp', { id }, as);
    expect(reset.data.operator).toMatchObject({ enrolled: false, mustChangePassword: true });
    await expectOneRow('operator.reset-totp', enabled.data, reset.data.operator);
    // One's own two-factor or password is not reset from here (decision 0047): nothing changes.
    for (const url of ['/api/admin/operators/resetTotp', '/api/admin/operators/resetPassword'])
      expect((await adminCall(t.app, 'POST', url, { id: admin.id }, as)).status).toBe(errorStatus('ADMIN_RESET_SELF'));
    expect(await auditCount()).toBe(count);
    expect((await adminCall(t.app, 'GET', '/api/admin/me', {}, as)).data.enrolled).toBe(true);

    const again = await givenOperator(t.app, t.database.db, 'admin');
    count = await auditCount();
    const duplicate = await adminCall(
      t.app,
      'POST',
      '/api/admin/operators/create',
      { name: 'audited.one', password: OPERATOR_PASSWORD, role: 'support' },
      { adminToken: again.token },
    );
    expect(duplicate.status).toBe(errorStatus('ADMIN_NAME_TAKEN'));
    expect(await auditCount()).toBe(count);
  });

  it('keeps one working admin and never lets an operator disable themself', async () => {
    const db = await buildTestApp();
    try {
      const only = await givenOperator(db.app, db.database.db, 'admin');
      const as = { adminToken: only.token };
      const before = toInt((await queryRows<{ n: unknown }>(db.database.db, sql`SELECT count(*) AS n FROM audit_log`))[0]?.n);
      expect((await adminCall(db.app, 'POST', '/api/admin/operators/role', { id: only.id, role: 'support' }, as)).status).toBe(
        errorStatus('ADMIN_LAST_ADMIN'),
      );
      expect((await adminCall(db.app, 'POST', '/api/admin/operators/disabled', { id: only.id, disabled: true }, as)).status).toBe(
        errorStatus('ADMIN_LAST_ADMIN'),
      );
      expect(toInt((await queryRows<{ n: unknown }>(db.database.db, sql`SELECT count(*) AS n FROM audit_log`))[0]?.n)).toBe(before);
      const support = await givenOperator(db.app, db.database.db, 'support');
      expect((await adminCall(db.app, 'POST', '/api/admin/operators/disabled', { id: support.id, disabled: true }, as)).data.disabled).toBe(
        true,
      );
      // A disabled operator's session ends at once.
      expect((await adminCall(db.app, 'GET', '/api/admin/me', {}, { adminToken: support.token })).status).toBe(NOT_LOGGED_IN);
      expect(
        (
          await adminCall(db.app, 'POST', '/api/admin/login', {
            name: support.name,
            password: OPERATOR_PASSWORD,
          })
        ).status,
      ).toBe(errorStatus('ADMIN_LOGIN_FAILED'));
    } finally {
      await db.close();
    }
  }, 60_000);
});

describe('the audit log', () => {
  it('filters by operator, action, target and date, and pages', async () => {
    const admin = await givenOperator(t.app, t.database.db, 'admin');
    const as = { adminToken: admin.token };
    for (const n of [1, 2, 3])
      await adminCall(
        t.app,
        'POST',
        '/api/admin/operators/create',
        { name: `paged-${n}`, password: OPERATOR_PASSWORD, role: 'content' },
        as,
      );
    const mine = await adminCall(t.app, 'GET', '/api/admin/audit', { operatorId: admin.id, action: 'operator.create', pageSize: 2 }, as);
    expect(mine.data).toMatchObject({ totalRows: 3, totalPages: 2, page: 1, pageSize: 2 });
    expect(mine.data.pageData.map((e: { after: { name: string } }) => e.after.name)).toEqual(['paged-3', 'paged-2']);
    expect(mine.data.pageData[0]).toMatchObject({ operatorName: admin.name, targetType: 'operator' });
    const page2 = await adminCall(
      t.app,
      'GET',
      '/api/admin/audit',
      { operatorId: admin.id, action: 'operator.create', pageSize: 2, page: 2 },
      as,
    );
    expect(page2.data.pageData.map((e: { after: { name: string } }) => e.after.name)).toEqual(['paged-1']);
    const target = mine.data.pageData[0].targetId as string;
    expect((await adminCall(t.app, 'GET', '/api/admin/audit', { targetType: 'operator', targetId: target }, as)).data.totalRows).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await adminCall(t.app, 'GET', '/api/admin/audit', { operatorId: admin.id, from: today, to: today }, as)).data.totalRows,
    ).toBeGreaterThanOrEqual(3);
    expect((await adminCall(t.app, 'GET', '/api/admin/audit', { operatorId: admin.id, to: '2000-01-01' }, as)).data.totalRows).toBe(0);
    expect((await adminCall(t.app, 'GET', '/api/admin/audit', { from: 'yesterday' }, as)).status).toBe(errorStatus('PARAM_INVALID'));
  });

  it('cannot be edited or deleted, even with SQL', async () => {
    await givenOperator(t.app, t.database.db, 'admin');
    const before = await auditCount();
    // Drizzle wraps the database's error; the trigger's message is its cause.
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'done',
        (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
      );
    expect(await refusal(t.database.db.execute(sql`UPDATE audit_log SET action = 'forged'`))).toMatch(/append-only/);
    expect(await refusal(t.database.db.execute(sql`DELETE FROM audit_log`))).toMatch(/append-only/);
    expect(await refusal(t.database.db.execute(sql`TRUNCATE audit_log`))).toMatch(/append-only/);
    expect(await auditCount()).toBe(before);
  });
});
