import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorStatus } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { usingPostgres } from '../../testing/test-db.js';
import { adminCall, givenOperator, OPERATOR_PASSWORD, totpCode } from '../../testing/operators.js';
import { queryRows } from '../../platform/db/rows.js';
import { createOperator } from './service.js';

/**
 * The operator console attacked the way issue 9 §2–6/§12 and issue 10 §4 attacked the players' way in:
 * guesses at the password and at the six-digit code are counted before they are checked, atomically, and
 * the waits only grow; a code works once; an enrolment secret works only in the session it was shown to;
 * a half-logged-in session is short-lived (decisions/0032). Races run with TEST_DATABASE_URL.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const FAILED = errorStatus('ADMIN_LOGIN_FAILED');
const LOCKED = errorStatus('ADMIN_LOGIN_LOCKED');
const WRONG = errorStatus('ADMIN_TOTP_WRONG');
const NOT_LOGGED_IN = errorStatus('ADMIN_NOT_LOGGED_IN');

// Tests read whatever shape a call returns; the server already validated it against the contract.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = { status: number; msg: string; data: any };

/** A call from a given address (the per-address budget is keyed on it). */
async function from(remoteAddress: string, url: string, params: Record<string, unknown>, adminToken?: string): Promise<Json> {
  const res = await t.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { 'content-type': 'application/json', ...(adminToken ? { 'admin-token': adminToken } : {}) },
    payload: JSON.stringify(params),
  });
  return res.json();
}

const login = (ip: string, name: string, password = OPERATOR_PASSWORD) => from(ip, '/api/admin/login', { name, password });
const sendCode = (ip: string, token: string, code: string) => from(ip, '/api/admin/totp', { code }, token);

/** A code the authenticator shows at none of the accepted steps. */
const wrongCodeFor = (secret: string) => {
  const good = new Set([-1, 0, 1].map((s) => totpCode(secret, s)));
  return ['123456', '654321', '111111', '222222'].find((c) => !good.has(c))!;
};

const tally = (statuses: number[], kinds: Record<string, number>) => {
  const out: Record<string, number> = { other: 0 };
  for (const k of Object.keys(kinds)) out[k] = 0;
  for (const s of statuses) {
    const kind = Object.keys(kinds).find((k) => kinds[k] === s) ?? 'other';
    out[kind]! += 1;
  }
  return out;
};

let named = 0;
async function newOperator(prefix: string): Promise<string> {
  const name = `${prefix}${++named}`;
  await createOperator({ db: db() }, { operatorId: null, ip: null }, { name, password: OPERATOR_PASSWORD, role: 'support' });
  return name;
}

/** Puts a budget in the state an attacker reaches after waiting out every wait up to the cap. */
async function atTheCap(key: string, count: number, waitedMs: number) {
  await db().execute(
    sql`INSERT INTO throttles (key, window_started_at, count, blocked_until)
        VALUES (${key}, now() - make_interval(secs => ${waitedMs / 1000 + 1}), ${count}, now() - interval '1 second')
        ON CONFLICT (key) DO UPDATE SET window_started_at = excluded.window_started_at, count = excluded.count,
          blocked_until = excluded.blocked_until`,
  );
}

describe('the waits only grow while the guessing goes on', () => {
  it('a six-digit code: after the longest wait, the next wrong code is followed by another wait, not five free guesses', async () => {
    const op = await givenOperator(t.app, db(), 'support');
    const pending = await login('10.61.0.1', op.name);
    expect(pending.data.next).toBe('totp');
    // Eleven wrong codes so far, the last wait (the one-hour cap) just ended.
    await atTheCap(`admin-totp:op:${op.id}`, 11, 3_600_000);
    expect((await sendCode('10.61.0.1', pending.data.token, wrongCodeFor(op.secret))).status).toBe(WRONG);
    expect((await sendCode('10.61.0.1', pending.data.token, totpCode(op.secret, 1))).status).toBe(LOCKED);
  });

  it('an address: after the longest wait, the next wrong password is followed by another wait', async () => {
    await atTheCap('admin-login:ip:10.62.0.1', 26, 3_600_000);
    expect((await login('10.62.0.1', 'nobody-a', 'wrong-password-1')).status).toBe(FAILED);
    expect((await login('10.62.0.1', await newOperator('cap'))).status).toBe(LOCKED);
  });
});

describe('a stranger cannot lock the operator out of their usual address', () => {
  it('wrong passwords from elsewhere lock the name for strangers, not at an address the operator passed two-factor from', async () => {
    const op = await givenOperator(t.app, db(), 'support');
    const home = '198.51.100.7';
    const first = await login(home, op.name);
    expect((await sendCode(home, first.data.token, totpCode(op.secret, 1))).status).toBe(0);
    // Guessing from elsewhere: five checked, then the name waits for everyone who is not at home.
    for (let i = 0; i < 5; i++) expect((await login(`203.0.113.${i + 1}`, op.name, 'wrong-password-1')).status).toBe(FAILED);
    expect((await login('203.0.113.50', op.name)).status).toBe(LOCKED);
    // At home the right password still gets in, and wrong ones there have a budget of their own.
    expect((await login(home, op.name)).data.next).toBe('totp');
    for (let i = 0; i < 5; i++) expect((await login(home, op.name, 'wrong-password-1')).status).toBe(FAILED);
    expect((await login(home, op.name)).status).toBe(LOCKED);
  });

  it('wrong codes from a password thief elsewhere lock the code for strangers, not at an address the operator passed two-factor from', async () => {
    const op = await givenOperator(t.app, db(), 'support');
    const home = '198.51.100.9';
    const first = await login(home, op.name);
    expect((await sendCode(home, first.data.token, totpCode(op.secret, 1))).status).toBe(0);
    const thief = await login('203.0.113.90', op.name);
    for (let i = 0; i < 5; i++) expect((await sendCode('203.0.113.90', thief.data.token, wrongCodeFor(op.secret))).status).toBe(WRONG);
    expect((await sendCode('203.0.113.90', thief.data.token, totpCode(op.secret, -1))).status).toBe(LOCKED);
    // At home the operator still gets in. (Each step's code works once and only later steps after it: the
    // used step is forgotten here, as if the operator came back a minute later.)
    await db().execute(sql`UPDATE operators SET last_totp_step = NULL WHERE id = ${op.id}`);
    const again = await login(home, op.name);
    expect((await sendCode(home, again.data.token, totpCode(op.secret, 1))).status).toBe(0);
    // The thief's budget is not given back by the operator's success.
    const thiefAgain = await login('203.0.113.91', op.name);
    await db().execute(sql`UPDATE operators SET last_totp_step = NULL WHERE id = ${op.id}`);
    expect((await sendCode('203.0.113.91', thiefAgain.data.token, totpCode(op.secret, 1))).status).toBe(LOCKED);
  });

  it('a pending session (password only) does not make an address known', async () => {
    const op = await givenOperator(t.app, db(), 'support');
    expect((await login('198.51.100.8', op.name)).data.next).toBe('totp');
    for (let i = 0; i < 5; i++) expect((await login(`203.0.113.${i + 60}`, op.name, 'wrong-password-1')).status).toBe(FAILED);
    expect((await login('198.51.100.8', op.name)).status).toBe(LOCKED);
  });
});

describe('two-factor enrolment', () => {
  it('the secret shown at a login enrols only through that login’s session', async () => {
    const name = await newOperator('enrol');
    const first = await login('10.63.0.1', name);
    const second = await login('10.63.0.2', name);
    expect(first.data.next).toBe('enrol');
    expect(second.data.next).toBe('enrol');
    const secret = second.data.enrolment.secret as string;
    // Another pending session (stolen, or a second tab) cannot enrol the secret this login was shown.
    expect((await sendCode('10.63.0.1', first.data.token, totpCode(secret))).status).toBe(WRONG);
    expect((await sendCode('10.63.0.2', second.data.token, totpCode(secret))).status).toBe(0);
  });

  it('a login never shows an enrolled operator a new secret', async () => {
    const op = await givenOperator(t.app, db(), 'support');
    const again = await login('10.63.1.1', op.name);
    expect(again.data).toMatchObject({ next: 'totp', enrolment: null });
    expect((await sendCode('10.63.1.1', again.data.token, totpCode(op.secret, 1))).status).toBe(0);
  });
});

describe('a half-logged-in session', () => {
  it('ends five minutes after the password step if no code has been given', async () => {
    const op = await givenOperator(t.app, db(), 'support');
    const pending = await login('10.64.0.1', op.name);
    await db().execute(
      sql`UPDATE operator_sessions SET created_at = now() - interval '6 minutes' WHERE operator_id = ${op.id} AND NOT verified`,
    );
    expect((await sendCode('10.64.0.1', pending.data.token, totpCode(op.secret, 1))).status).toBe(NOT_LOGGED_IN);
    // A whole session lives on past those five minutes (its own idle and absolute limits apply).
    await db().execute(
      sql`UPDATE operator_sessions SET created_at = now() - interval '6 minutes' WHERE operator_id = ${op.id} AND verified`,
    );
    expect((await adminCall(t.app, 'GET', '/api/admin/me', {}, { adminToken: op.token })).status).toBe(0);
  });

  it('ends when the operator is disabled, like a whole one', async () => {
    const admin = await givenOperator(t.app, db(), 'admin');
    const op = await givenOperator(t.app, db(), 'support');
    const pending = await login('10.64.1.1', op.name);
    const off = await adminCall(t.app, 'POST', '/api/admin/operators/disabled', { id: op.id, disabled: true }, { adminToken: admin.token });
    expect(off.status).toBe(0);
    expect((await sendCode('10.64.1.1', pending.data.token, totpCode(op.secret, 1))).status).toBe(NOT_LOGGED_IN);
    expect((await adminCall(t.app, 'GET', '/api/admin/me', {}, { adminToken: op.token })).status).toBe(NOT_LOGGED_IN);
    expect((await login('10.64.1.1', op.name)).status).toBe(FAILED);
  });
});

describe.skipIf(!usingPostgres())('operator guesses under concurrency (PostgreSQL)', () => {
  it('25 concurrent wrong passwords for one name: 5 are checked, the rest wait, and then so does the right one', async () => {
    const name = await newOperator('race');
    const statuses = await Promise.all(Array.from({ length: 25 }, () => login('10.71.0.1', name, 'wrong-password-1'))).then((all) =>
      all.map((r) => r.status),
    );
    expect(tally(statuses, { failed: FAILED, locked: LOCKED })).toEqual({ failed: 5, locked: 20, other: 0 });
    expect((await login('10.71.0.2', name)).status).toBe(LOCKED);
  });

  it('40 concurrent wrong passwords for one name from 40 addresses check at most 5', async () => {
    const name = await newOperator('spread');
    const statuses = await Promise.all(Array.from({ length: 40 }, (_, i) => login(`10.72.0.${i + 1}`, name, `wrong-password-${i}`))).then(
      (all) => all.map((r) => r.status),
    );
    expect(tally(statuses, { failed: FAILED, locked: LOCKED })).toEqual({ failed: 5, locked: 35, other: 0 });
    expect((await login('10.72.1.1', name)).status).toBe(LOCKED);
  });

  it('40 concurrent wrong passwords for 40 names from one address check 20, then the address waits', async () => {
    const statuses = await Promise.all(Array.from({ length: 40 }, (_, i) => login('10.73.0.1', `sprayed-${i}`, 'wrong-password-1'))).then(
      (all) => all.map((r) => r.status),
    );
    expect(tally(statuses, { failed: FAILED, locked: LOCKED })).toEqual({ failed: 20, locked: 20, other: 0 });
    expect((await login('10.73.0.1', await newOperator('behind'))).status).toBe(LOCKED);
  });

  it('25 concurrent wrong codes in one session: 5 are checked, then even the right code waits', async () => {
    const op = await givenOperator(t.app, db(), 'support');
    const pending = await login('10.74.0.1', op.name);
    const wrong = wrongCodeFor(op.secret);
    const statuses = await Promise.all(Array.from({ length: 25 }, () => sendCode('10.74.0.1', pending.data.token, wrong))).then((all) =>
      all.map((r) => r.status),
    );
    expect(tally(statuses, { wrong: WRONG, locked: LOCKED })).toEqual({ wrong: 5, locked: 20, other: 0 });
    expect((await sendCode('10.74.0.1', pending.data.token, totpCode(op.secret, 1))).status).toBe(LOCKED);
  });

  it('concurrent wrong codes spread over five logins share the operator’s five', async () => {
    const op = await givenOperator(t.app, db(), 'support');
    const tokens: string[] = [];
    for (let i = 0; i < 5; i++) tokens.push((await login(`10.75.0.${i + 1}`, op.name)).data.token as string);
    const wrong = wrongCodeFor(op.secret);
    const statuses = await Promise.all(
      Array.from({ length: 25 }, (_, i) => sendCode(`10.75.0.${(i % 5) + 1}`, tokens[i % 5]!, wrong)),
    ).then((all) => all.map((r) => r.status));
    expect(tally(statuses, { wrong: WRONG, locked: LOCKED })).toEqual({ wrong: 5, locked: 20, other: 0 });
  });

  it('one code sent at once through five sessions logs in exactly one (no replay inside its window)', async () => {
    const op = await givenOperator(t.app, db(), 'support');
    const tokens: string[] = [];
    for (let i = 0; i < 5; i++) tokens.push((await login(`10.76.0.${i + 1}`, op.name)).data.token as string);
    const code = totpCode(op.secret, 1);
    const statuses = await Promise.all(tokens.map((token, i) => sendCode(`10.76.0.${i + 1}`, token, code))).then((all) =>
      all.map((r) => r.status),
    );
    expect(tally(statuses, { ok: 0, wrong: WRONG })).toEqual({ ok: 1, wrong: 4, other: 0 });
    const [row] = await queryRows<{ n: number | string }>(
      db(),
      sql`SELECT count(*) AS n FROM operator_sessions WHERE operator_id = ${op.id} AND verified`,
    );
    // givenOperator's own session and the one that won.
    expect(Number(row?.n)).toBe(2);
  });
});
