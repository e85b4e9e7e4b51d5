import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../testing/factories.js';
import { call, refused } from '../../testing/auth-helpers.js';
import { deposit } from '../../testing/payment-helpers.js';
import { usingPostgres } from '../../testing/test-db.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { getBalances } from '../../platform/ledger/index.js';
import { EVENT_SETTLE_JOB, eventSettleJob } from './index.js';
import { claimTask, eventList, leaderboard } from './service.js';
import { periodAt } from './periods.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const BOX = 1;
const DAY_MS = 86_400_000;

let boxPrice = 0;
const newDevice = () => randomBytes(16).toString('hex');
/** A player with coins for a few openings, on a device of their own (the web app sends its id on every call). */
async function player(extraCoinsFen = 0, device = newDevice()) {
  boxPrice ||= (await call(t.app, 'GET', '/api/case/caseDetail', { caseId: BOX })).data.openPrice as number;
  const user = await givenUser(db(), { coinsFen: boxPrice * 40 + extraCoinsFen });
  return { id: user.id, token: await givenSession(db(), user.id), device: device as string | null };
}
type Player = Awaited<ReturnType<typeof player>>;

const open = async (p: Player, count: number) => {
  const res = await call(t.app, 'POST', '/api/case/openCase', { caseId: BOX, number: count }, p.token);
  expect(res.status).toBe(0);
};
const list = async (p?: Player) => (await call(t.app, 'GET', '/api/event/list', {}, p?.token)).data;
type Activity = { id: number; kind: string; metric: string; title: string; rewardFen: number; progress: Record<string, unknown> | null };
const activity = async (metric: string, kind = 'task', p?: Player) =>
  ((await list(p)).activities as Activity[]).find((a) => a.metric === metric && a.kind === kind)!;
const claim = async (p: Player, taskId: number) => {
  const headers: Record<string, string> = {
    token: p.token,
    'content-type': 'application/x-www-form-urlencoded',
    ...(p.device ? { 'device-id': p.device } : {}),
  };
  return (await t.app.inject({ method: 'POST', url: '/api/event/claimTask', headers, payload: `taskId=${taskId}` })).json();
};
const points = async (p: Player) => (await getBalances(db(), p.id)).pointFen;
const countCode = async (userId: number, code: string) => {
  const [row] = await queryRows<{ n: unknown }>(
    db(),
    sql`SELECT count(*) AS n FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.credit_account_id
        WHERE a.user_id = ${userId} AND t.code = ${code}`,
  );
  return toInt(row?.n);
};

describe('list', () => {
  it('shows the seeded daily tasks before the weekly leaderboard, with rules and the current period, and no progress for a guest', async () => {
    const data = await list();
    const kinds = (data.activities as Activity[]).map((a) => `${a.kind}:${a.metric}`);
    expect(kinds).toEqual(['task:box_opens', 'task:battle_wins', 'task:dreams', 'task:deposits', 'leaderboard:box_opens']);
    const [first] = data.activities;
    expect(first).toMatchObject({
      title: '今日开启3个箱子',
      target: 3,
      rewardKind: 'point',
      rewardFen: 100,
      period: 'day',
      progress: null,
    });
    expect(first.rules).toContain('每人每天限领一次');
    const day = periodAt('day', Date.parse(data.serverTime));
    expect([Date.parse(first.periodStart), Date.parse(first.periodEnd)]).toEqual([day.startMs, day.endMs]);
    const board = data.activities[4];
    expect(board.prizesFen).toEqual([8_800, 5_800, 2_800]);
    expect(Date.parse(board.periodEnd) - Date.parse(board.periodStart)).toBe(7 * DAY_MS);
  });

  it('answers in English when asked', async () => {
    const res = (await t.app.inject({ method: 'GET', url: '/api/event/list', headers: { lang: 'en-US' } })).json();
    expect(res.data.activities[0].title).toBe('Open 3 boxes today');
  });
});

describe('daily task', () => {
  it('counts real box openings, refuses an incomplete claim, pays points once, and refuses the second claim', async () => {
    const p = await player();
    const task = await activity('box_opens', 'task', p);
    expect(task.progress).toEqual({ value: 0, target: 3, completed: false, claimed: false, place: null });
    await open(p, 2);
    expect((await activity('box_opens', 'task', p)).progress).toMatchObject({ value: 2, completed: false });
    expect(await claim(p, task.id)).toEqual(refused('EVENT_TASK_INCOMPLETE'));
    await open(p, 1);
    expect((await activity('box_opens', 'task', p)).progress).toMatchObject({ value: 3, completed: true, claimed: false });
    const before = await points(p);
    const res = await claim(p, task.id);
    expect(res).toMatchObject({ status: 0, data: { taskId: task.id, rewardKind: 'point', rewardFen: 100, balanceFen: before + 100 } });
    expect(await points(p)).toBe(before + 100);
    expect(await claim(p, task.id)).toEqual(refused('EVENT_TASK_CLAIMED'));
    expect(await points(p)).toBe(before + 100);
    expect((await activity('box_opens', 'task', p)).progress).toMatchObject({ completed: true, claimed: true });
    expect(await countCode(p.id, 'event_task_reward')).toBe(1);
    const flows = (await call(t.app, 'GET', '/api/personalCenter/getMyBalanceLog', { balanceType: 1 }, p.token)).data;
    expect(flows.pageData[0]).toMatchObject({ actionType: 'event_task_reward', actionName: '活动任务奖励', changeAmount: 100 });
    await expectBooksBalanced(db());
  });

  it('starts again on the next Beijing day: yesterday’s claim does not block, yesterday’s openings do not count', async () => {
    const p = await player();
    await open(p, 3);
    const task = await activity('box_opens', 'task', p);
    expect((await claim(p, task.id)).status).toBe(0);
    const tomorrow = Date.now() + DAY_MS;
    const next = (await eventList(db(), p.id, 'zh', tomorrow)).activities.find((a) => a.id === task.id)!;
    expect(next.progress).toMatchObject({ value: 0, completed: false, claimed: false });
    await expect(claimTask(db(), p.id, task.id, p.device, tomorrow)).rejects.toMatchObject({ code: 'EVENT_TASK_INCOMPLETE' });
    // Three more openings, moved to tomorrow: the same task pays again, once.
    await open(p, 3);
    await db().execute(sql`UPDATE rolls SET created_at = created_at + interval '1 day'
      WHERE id IN (SELECT id FROM rolls WHERE user_id = ${p.id} ORDER BY id DESC LIMIT 3)`);
    const before = await points(p);
    await claimTask(db(), p.id, task.id, p.device, tomorrow);
    await expect(claimTask(db(), p.id, task.id, p.device, tomorrow)).rejects.toMatchObject({ code: 'EVENT_TASK_CLAIMED' });
    expect(await points(p)).toBe(before + 100);
    expect(await countCode(p.id, 'event_task_reward')).toBe(2);
    await expectBooksBalanced(db());
  });

  it('counts a paid deposit of any amount for the deposit task', async () => {
    const p = await player();
    const task = await activity('deposits', 'task', p);
    expect(await claim(p, task.id)).toEqual(refused('EVENT_TASK_INCOMPLETE'));
    await deposit(t, p.token, 1_000);
    expect((await activity('deposits', 'task', p)).progress).toMatchObject({ value: 1, completed: true });
    expect((await claim(p, task.id)).data.rewardFen).toBe(300);
    await expectBooksBalanced(db());
  });

  it('refuses guests, unknown tasks and a leaderboard claimed as a task', async () => {
    const p = await player();
    const board = await activity('box_opens', 'leaderboard', p);
    expect((await call(t.app, 'POST', '/api/event/claimTask', { taskId: board.id })).status).toBe(refused('NOT_LOGGED_IN').status);
    expect(await claim(p, board.id)).toEqual(refused('EVENT_NOT_FOUND'));
    expect(await claim(p, 99_999_999)).toEqual(refused('EVENT_NOT_FOUND'));
    expect((await call(t.app, 'POST', '/api/event/claimTask', { taskId: 'x' }, p.token)).status).not.toBe(0);
    const task = await activity('box_opens', 'task', p);
    expect(await call(t.app, 'GET', '/api/event/leaderboard', { eventId: task.id })).toEqual(refused('EVENT_NOT_FOUND'));
  });
});

describe('daily task: once per device and per real-name identity (decision 0016)', () => {
  it('pays one account per device; a second account on that device is refused and keeps its claim for elsewhere', async () => {
    const device = newDevice();
    const [a, b] = [await player(0, device), await player(0, device)];
    await open(a, 3);
    await open(b, 3);
    const task = await activity('box_opens', 'task', a);
    expect((await claim(a, task.id)).status).toBe(0);
    const before = await points(b);
    expect(await claim(b, task.id)).toEqual(refused('BONUS_DEVICE_CLAIMED'));
    expect(await points(b)).toBe(before);
    expect((await activity('box_opens', 'task', b)).progress).toMatchObject({ completed: true, claimed: false });
    // Without a device id an unverified account has nothing to be capped by.
    expect(await claim({ ...b, device: null }, task.id)).toEqual(refused('BONUS_DEVICE_REQUIRED'));
    expect((await claim({ ...b, device: newDevice() }, task.id)).status).toBe(0);
    expect(await points(b)).toBe(before + 100);
    await expectBooksBalanced(db());
  });

  it('refuses the same verified person on another account and another device', async () => {
    const [a, b] = [await player(), await player()];
    const id = `event-id-${process.pid}-${a.id}`;
    await db().execute(sql`UPDATE users SET id_card_hash = ${id}, verified_at = now() WHERE id = ${a.id}`);
    await open(a, 3);
    const task = await activity('box_opens', 'task', a);
    expect((await claim(a, task.id)).status).toBe(0);
    // The ID number is freed from the first account (an operator unbinding it) and verified on the second.
    await db().execute(sql`UPDATE users SET id_card_hash = NULL, verified_at = NULL WHERE id = ${a.id}`);
    await db().execute(sql`UPDATE users SET id_card_hash = ${id}, verified_at = now() WHERE id = ${b.id}`);
    await open(b, 3);
    expect(await claim(b, task.id)).toEqual(refused('BONUS_IDENTITY_CLAIMED'));
  });
});

describe.skipIf(!usingPostgres())('concurrent claims (PostgreSQL)', () => {
  it('pays exactly one of many simultaneous claims', async () => {
    const p = await player();
    await open(p, 3);
    const task = await activity('box_opens', 'task', p);
    const before = await points(p);
    const results = await Promise.all(Array.from({ length: 8 }, () => claim(p, task.id)));
    expect(results.filter((r) => r.status === 0)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 0).every((r) => r.status === refused('EVENT_TASK_CLAIMED').status)).toBe(true);
    expect(await points(p)).toBe(before + 100);
    await expectBooksBalanced(db());
  });

  it('two accounts on one device claiming the same task at once: exactly one is paid', async () => {
    for (let round = 0; round < 3; round++) {
      const device = newDevice();
      const players = [await player(0, device), await player(0, device)];
      for (const p of players) await open(p, 3);
      const task = await activity('box_opens', 'task', players[0]!);
      const results = await Promise.all(players.map((p) => claim(p, task.id)));
      expect(results.map((r) => r.status).sort()).toEqual([0, refused('BONUS_DEVICE_CLAIMED').status]);
      expect((await Promise.all(players.map((p) => countCode(p.id, 'event_task_reward')))).sort()).toEqual([0, 1]);
    }
    await expectBooksBalanced(db());
  });
});

describe('weekly leaderboard', () => {
  it('ranks the week by paid openings, and its settlement job pays the top places once (a re-run pays nothing)', async () => {
    const [a, b, c] = [await player(), await player(), await player()];
    await open(a, 10);
    await open(a, 10);
    await open(b, 10);
    await open(b, 9);
    await open(c, 10);
    await open(c, 8);
    const board = await activity('box_opens', 'leaderboard', a);
    expect(board.progress).toMatchObject({ value: 20, place: 1 });
    const page = (await call(t.app, 'GET', '/api/event/leaderboard', { eventId: board.id })).data;
    expect(
      page.current.slice(0, 3).map((r: { customerId: number; value: number; prizeFen: number }) => [r.customerId, r.value, r.prizeFen]),
    ).toEqual([
      [a.id, 20, 8_800],
      [b.id, 19, 5_800],
      [c.id, 18, 2_800],
    ]);
    expect(page.previous).toEqual([]);

    const week = periodAt('week', Date.now());
    const [job] = await queryRows<{ n: unknown; run_at: unknown }>(
      db(),
      sql`SELECT count(*) AS n, max(run_at) AS run_at FROM jobs WHERE dedupe_key = ${`event-settle:${board.id}:${week.key}`}`,
    );
    expect(toInt(job?.n)).toBe(1);
    expect(new Date(String(job?.run_at)).getTime()).toBeGreaterThanOrEqual(week.endMs);

    const before = [await points(a), await points(b), await points(c)];
    const settle = () =>
      runInTransaction(db(), (scope) =>
        eventSettleJob()({ activityId: board.id, periodKey: week.key }, scope, {
          id: 0,
          kind: EVENT_SETTLE_JOB,
          payload: {},
          attempts: 1,
          maxAttempts: 1,
        }),
      );
    await settle();
    await settle();
    expect([(await points(a)) - before[0]!, (await points(b)) - before[1]!, (await points(c)) - before[2]!]).toEqual([8_800, 5_800, 2_800]);
    expect(await countCode(a.id, 'event_rank_reward')).toBe(1);

    // Next week shows this week as settled, and the next settlement is already scheduled.
    const nextWeek = await leaderboard(db(), board.id, week.endMs + 1_000);
    expect(nextWeek.previous.map((r) => [r.place, r.customerId, r.prizeFen])).toEqual([
      [1, a.id, 8_800],
      [2, b.id, 5_800],
      [3, c.id, 2_800],
    ]);
    const following = periodAt('week', week.endMs);
    const [chained] = await queryRows<{ n: unknown }>(
      db(),
      sql`SELECT count(*) AS n FROM jobs WHERE dedupe_key = ${`event-settle:${board.id}:${following.key}`}`,
    );
    expect(toInt(chained?.n)).toBe(1);
    await expectBooksBalanced(db());
  });
});

describe('what each activity counts', () => {
  it('counts a player’s rows in the window and ranks the same rows, for every metric', async () => {
    const { countBattleWins, topBattleWinners } = await import('../battles/index.js');
    const { countDreams, topDreamers } = await import('../dream/index.js');
    const { countBoxOpens, topBoxOpeners } = await import('../fairness/index.js');
    const { countPaidDeposits, topDepositors } = await import('../payments/index.js');
    const p = await player();
    await open(p, 2);
    const from = new Date(Date.now() - DAY_MS);
    const to = new Date(Date.now() + DAY_MS);
    expect(await countBoxOpens(db(), p.id, from, to)).toBe(2);
    expect(await countBoxOpens(db(), p.id, to, new Date(to.getTime() + DAY_MS))).toBe(0);
    expect((await topBoxOpeners(db(), from, to, 1000)).find((r) => r.userId === p.id)).toEqual({ userId: p.id, value: 2 });
    // No dream, battle or deposit yet for this player: zero, and absent from each ranking.
    for (const [count, top] of [
      [countDreams, topDreamers],
      [countBattleWins, topBattleWinners],
      [countPaidDeposits, topDepositors],
    ] as const) {
      expect(await count(db(), p.id, from, to)).toBe(0);
      expect((await top(db(), from, to, 1000)).some((r) => r.userId === p.id)).toBe(false);
    }
  });
});
