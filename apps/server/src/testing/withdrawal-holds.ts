import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app.js';
import { call, registerUser, userSmsCodeFor } from './auth-helpers.js';
import { queryRows, toInt } from '../platform/db/rows.js';
import { runInTransaction } from '../platform/db/tx.js';
import { createJobRunner, type JobRunner } from '../platform/jobs/index.js';
import type { SmsProvider } from '../platform/providers/index.js';
import { createAppContext, registerJobHandlers } from '../app.js';
import { grantItems } from '../features/backpack/index.js';

const P = '/api/personalCenter';
export type HoldPlayer = { token: string; userId: number; mobile: string; itemId: number };

export const tradeLink = (partner: number, token = 'AbCdEf12') =>
  `https://steamcommunity.com/tradeoffer/new/?partner=${partner}&token=${token}`;

/**
 * What the withdrawal-hold tests (issue 24 §2) do through the API: a player with a trade link and an item,
 * security tickets, logins from another machine, the player's holds, messages and SMS jobs, and running jobs.
 * `app` is read at each call (the test builds it in `beforeAll`).
 */
export function holdsHarness(app: () => TestApp) {
  const db = () => app().database.db;
  const clearSendLimits = () =>
    db().execute(sql`DELETE FROM throttles WHERE key LIKE 'sms:%' OR key LIKE 'mail:%' OR key LIKE 'login-fail:%'`);
  const post = (p: { token: string }, name: string, params: Record<string, unknown> = {}) =>
    call(app().app, 'POST', `${P}/${name}`, params, p.token);
  const info = async (p: { token: string }) => (await call(app().app, 'GET', `${P}/userInfo`, {}, p.token)).data;

  /** A registered player (phone and password) with a first trade link and one item worth ¥12.34. */
  async function playerWithItem(): Promise<HoldPlayer> {
    await clearSendLimits();
    const p = await registerUser(app().app, db());
    expect((await post(p, 'modifyTradeUrl', { tradeUrl: tradeLink(1000 + p.userId) })).status).toBe(0);
    const [item] = await queryRows<{ id: unknown }>(db(), sql`SELECT id FROM items ORDER BY id LIMIT 1`);
    const [inv] = await runInTransaction(db(), ({ tx }) =>
      grantItems(tx, p.userId, [{ itemId: toInt(item!.id), recoveryPriceFen: 1_234 }], {
        sourceType: 'case',
        sourceId: null,
      }),
    );
    return { ...p, itemId: inv!.id };
  }

  /** Runs every due job (other tests' withdrawal steps among them) until none is left. */
  async function drain(runner: JobRunner) {
    for (let i = 0; i < 20 && (await runner.runOnce()) > 0; i++);
  }

  return {
    db,
    clearSendLimits,
    post,
    info,
    playerWithItem,
    drain,
    retrieve: (p: HoldPlayer) => post(p, 'ornamentRetrieval', { ids: String(p.itemId) }),
    holdReasons: async (userId: number) =>
      (await queryRows<{ reason: string }>(db(), sql`SELECT reason FROM withdrawal_holds WHERE user_id = ${userId} ORDER BY id`)).map(
        (r) => r.reason,
      ),
    noticeJobs: (phone: string) =>
      queryRows<{ payload: { phone: string; change: string; until: string } }>(
        db(),
        sql`SELECT payload FROM jobs WHERE kind = 'users.securityNotice' AND payload->>'phone' = ${phone} ORDER BY id`,
      ),
    /** The player's messages with their whole text. */
    async messages(p: { token: string }) {
      const list = await call(app().app, 'GET', '/api/message/listMessage', { state: -1, pageSize: 50 }, p.token);
      return Promise.all(
        (list.data.pageData as Array<{ id: number; title: string }>).map(async (m) => ({
          title: m.title,
          content: (await call(app().app, 'GET', '/api/message/getMessageDetail', { id: m.id }, p.token)).data.content as string,
        })),
      );
    },
    /** A security ticket passed by the player's phone. */
    async securityTicket(p: { token: string; mobile: string }) {
      await clearSendLimits();
      const res = await post(p, 'securityCheck', {
        type: 0,
        code: await userSmsCodeFor(app().app, db(), p.token, p.mobile, 'security'),
      });
      return res.data.securityToken as string;
    },
    /** A login as a browser on another machine makes it: its own address and device id. */
    loginFrom: (ip: string, deviceId: string, path: string, params: Record<string, string>) =>
      app()
        .app.inject({
          method: 'POST',
          url: `/api/auth/${path}`,
          remoteAddress: ip,
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'device-id': deviceId },
          payload: new URLSearchParams(params).toString(),
        })
        .then((r) => r.json()),
    /** A job runner with every handler, the SMS provider replaced when given. */
    jobRunner(sms?: SmsProvider, log: { warn: (o: object) => void } = { warn() {} }) {
      const t = app();
      const ctx = createAppContext({ config: t.config, database: t.database, live: t.live });
      const runner = createJobRunner({
        db: db(),
        logger: { info() {}, warn() {}, error() {} },
        pollMs: 60_000,
        backoffBaseMs: 0,
      });
      registerJobHandlers(runner, sms ? { ...ctx, sms } : ctx, log);
      return runner;
    },
  };
}
