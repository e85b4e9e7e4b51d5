import type { FastifyInstance } from 'fastify';
import { desc, eq, sql } from 'drizzle-orm';
import { errorCatalogue, type ErrorCode } from '@skinfair/contract';
import type { Db } from '../platform/db/client.js';
import { smsOutbox, mailOutbox } from '../platform/providers/tables.js';
import { sliderAnswer } from '../features/verification/index.js';
import { browserClientSeed } from './factories.js';

// Tests read whatever shape a call returns; the server already validated it against the contract.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = { status: number; msg: string; data: any };

export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  params: Record<string, unknown> = {},
  token?: string,
): Promise<Json> {
  const headers: Record<string, string> = token ? { token } : {};
  if (method === 'GET') {
    const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
    return (await app.inject({ method, url: `${url}?${qs}`, headers })).json();
  }
  const body = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return (
    await app.inject({ method, url, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, payload: body })
  ).json();
}

/** A drag a person would make ([x, y drift, ms] samples): accelerating, then slowing onto the target. */
export function humanTrail(x: number): string {
  const points: Array<[number, number, number]> = [];
  const steps = 24;
  for (let i = 0; i <= steps; i++) {
    const p = i / steps;
    const eased = p < 0.5 ? 2 * p * p : 1 - (-2 * p + 2) ** 2 / 2;
    points.push([Math.round(x * eased), ((i * 7) % 3) - 1, Math.round(i * 35 + (i % 3) * 4)]);
  }
  return JSON.stringify(points);
}

/** Solves a slider the way the e2e test does (the sandbox reveals the answer) and returns the pass token. */
export async function passSlider(app: FastifyInstance, db: Db): Promise<string> {
  const challenge = await call(app, 'GET', '/api/common/sliderCaptcha');
  const x = (await sliderAnswer(db, challenge.data.captchaId))!;
  const res = await call(app, 'POST', '/api/common/sliderVerify', { captchaId: challenge.data.captchaId, x, trail: humanTrail(x) });
  if (res.status !== 0) throw new Error(`slider failed: ${res.msg}`);
  return res.data.captchaVerification as string;
}

export async function latestSmsCode(db: Db, phone: string): Promise<string> {
  const [row] = await db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(1);
  const code = row ? /(\d{6})/.exec(row.text)?.[1] : undefined;
  if (!code) throw new Error(`no SMS for ${phone}`);
  return code;
}

export async function latestMailCode(db: Db, email: string): Promise<string> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.email, email)).orderBy(desc(mailOutbox.id)).limit(1);
  const code = row ? /(\d{6})/.exec(row.text)?.[1] : undefined;
  if (!code) throw new Error(`no mail for ${email}`);
  return code;
}

/** Lets the next code to this number through the 60-second gaps (owner's and strangers'), so a test need not wait a minute. */
export const skipResendGap = (db: Db, target: string, channel: 'sms' | 'mail' = 'sms') =>
  db.execute(sql`DELETE FROM throttles WHERE key IN (${`${channel}:gap:${target}`}, ${`${channel}:gap-stranger:${target}`})`);

/** Requests a guest SMS code (passing a slider first) and reads it from the sandbox outbox. */
export async function smsCodeFor(app: FastifyInstance, db: Db, phone: string, type: string): Promise<string> {
  const captchaVerification = await passSlider(app, db);
  const res = await call(app, 'POST', '/api/common/smsCode', { phone, type, captchaVerification });
  if (res.status !== 0) throw new Error(`smsCode failed: ${res.msg}`);
  return latestSmsCode(db, phone);
}

/** Same for a logged-in user's own number. */
export async function userSmsCodeFor(app: FastifyInstance, db: Db, token: string, phone: string, type: string): Promise<string> {
  const captchaVerification = await passSlider(app, db);
  const res = await call(app, 'POST', '/api/common/userSmsCode', { type, captchaVerification }, token);
  if (res.status !== 0) throw new Error(`userSmsCode failed: ${res.msg}`);
  return latestSmsCode(db, phone);
}

/** Requests a mail code as the web app does (a slider first, except for a security check) and reads it. */
export async function mailCodeFor(
  app: FastifyInstance,
  db: Db,
  token: string,
  email: string,
  type: 'bindMail' | 'security' = 'bindMail',
): Promise<string> {
  const captchaVerification = type === 'security' ? undefined : await passSlider(app, db);
  const res = await call(
    app,
    'POST',
    '/api/common/mailCode',
    { email, type, ...(captchaVerification ? { captchaVerification } : {}) },
    token,
  );
  if (res.status !== 0) throw new Error(`mailCode failed: ${res.msg}`);
  return latestMailCode(db, email);
}

let mobileCounter = 0;
/** A fresh mainland number per call (and per test file, by pid and time). */
export const freshMobile = () =>
  `139${String((process.pid * 7919 + Date.now() + ++mobileCounter * 104_729) % 100_000_000).padStart(8, '0')}`;

export const PASSWORD = 'Passw0rd!x';

/**
 * Registers through the real API, with a client seed as the web app sends one (`clientSeed: ''` for none),
 * and returns the session token and user id.
 */
export async function registerUser(app: FastifyInstance, db: Db, extra: Record<string, unknown> = {}) {
  const mobile = (extra.mobile as string) ?? freshMobile();
  const code = await smsCodeFor(app, db, mobile, 'signUp');
  const res = await call(app, 'POST', '/api/auth/signUp', {
    mobile,
    password: PASSWORD,
    code,
    adult: true,
    agreement: true,
    clientSeed: browserClientSeed(),
    ...extra,
  });
  if (res.status !== 0) throw new Error(`signUp failed: ${res.msg}`);
  await skipResendGap(db, mobile);
  return { token: res.data.token as string, userId: res.data.userId as number, mobile };
}

/** The envelope a refusal with `code` answers: the catalogue's status and Chinese message, no data. */
export const refused = (code: ErrorCode) => ({ status: errorCatalogue[code].status, msg: errorCatalogue[code].zh, data: null });
