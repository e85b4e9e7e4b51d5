import type pg from 'pg';
import type { Player } from '../failover/money-load.js';

/**
 * Battles against bots through the proxy for bench/three-nodes.ts: each player creates a two-seat room and
 * fills it with a bot, over and over, while the money load runs; the draw jobs run on whichever node
 * claims them. Then the rows say whether every battle was settled exactly once.
 */
export const BATTLE_BOXES = '1,2';

export interface BattleTraffic {
  counts: { created: number; filled: number; failed: number };
  /** The rooms whose creation was answered OK (a room missing here had its answer lost with a node). */
  answered: Set<string>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function post(
  proxyPort: number,
  path: string,
  params: Record<string, string>,
  token: string,
): Promise<{ status: number; data?: unknown } | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${proxyPort}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', token },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(35_000),
    });
    return (await res.json()) as { status: number; data?: unknown };
  } catch {
    // The proxy's 502 page (a node killed mid-request) or no answer: the caller tries again.
    return null;
  }
}

export function battleTraffic(proxyPort: number, players: Player[]): BattleTraffic {
  const counts = { created: 0, filled: 0, failed: 0 };
  const answered = new Set<string>();
  let running = true;
  const loops = players.map(async (p) => {
    while (running) {
      const created = await post(proxyPort, '/api/battle/create', { boxLists: BATTLE_BOXES, countCustomer: '2' }, p.token);
      if (created?.status !== 0) {
        counts.failed++;
        await sleep(300);
        continue;
      }
      counts.created++;
      const battleCode = (created.data as { battleCode: string }).battleCode;
      answered.add(battleCode);
      // A lost answer is asked again; "not waiting" (6002) means the earlier try had filled it.
      for (;;) {
        const joined = await post(proxyPort, '/api/battle/joinBot', { battleCode }, p.token);
        if (joined?.status === 0 || joined?.status === 6002) {
          counts.filled++;
          break;
        }
        counts.failed++;
        if (joined !== null && joined.status !== 1008 && joined.status !== 1004) break;
        await sleep(300);
      }
      await sleep(500);
    }
  });
  return {
    counts,
    answered,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

export async function battlesByState(client: pg.Client): Promise<Record<string, number>> {
  const { rows } = await client.query<{ state: string; n: string }>('SELECT state, count(*) AS n FROM battles GROUP BY state');
  return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
}

export interface SettleCheck {
  ended: number;
  /** Ended battles whose rolls, items, feed rows, stakes or draw job are not exactly one settlement's. */
  wrong: Array<Record<string, unknown>>;
  /** Draw jobs that ran more than once (a node died holding one; its effects must still be once). */
  drawsRerun: number;
  /** Every job by kind: how many, done, and run more than once. */
  jobs: string;
}

/**
 * Exactly one settlement per ended battle: one roll per round and seat, one draw job done, every roll's
 * item in the human winner's backpack (none for a bot) and on the feed once, one stake per human seat.
 */
export async function checkSettledOnce(client: pg.Client): Promise<SettleCheck> {
  const { rows } = await client.query<Record<string, string | null>>(
    `SELECT b.id, b.seats, w.user_id AS winner,
            (SELECT count(*) FROM battle_boxes x WHERE x.battle_id = b.id) AS rounds,
            (SELECT count(*) FROM battle_rolls r WHERE r.battle_id = b.id) AS rolls,
            (SELECT count(*) FROM inventory_items i WHERE i.source_type = 'battle' AND i.source_id = b.id) AS items,
            (SELECT count(*) FROM live_drops d WHERE d.source_type = 23 AND d.source_id = b.id) AS feed,
            (SELECT count(*) FROM jobs j WHERE j.kind = 'battle.draw' AND j.payload->>'battleId' = b.id::text) AS jobs,
            (SELECT count(*) FROM jobs j WHERE j.kind = 'battle.draw' AND j.payload->>'battleId' = b.id::text AND j.state = 'done') AS done,
            (SELECT count(*) FROM ledger_transfers t WHERE t.code = 'battle_stake' AND t.ref_id = b.id::text) AS stakes,
            (SELECT count(*) FROM battle_seats s WHERE s.battle_id = b.id AND s.user_id IS NOT NULL) AS humans
       FROM battles b LEFT JOIN battle_seats w ON w.battle_id = b.id AND w.seat = b.winner_seat
      WHERE b.state = 'ended'`,
  );
  const wrong = rows.filter((r) => {
    const rolls = Number(r.rounds) * Number(r.seats);
    const items = r.winner === null ? 0 : rolls;
    return (
      Number(r.rolls) !== rolls ||
      Number(r.items) !== items ||
      Number(r.feed) !== items ||
      Number(r.jobs) !== 1 ||
      Number(r.done) !== 1 ||
      Number(r.stakes) < Number(r.humans) ||
      Number(r.stakes) > 2 * Number(r.humans)
    );
  });
  const rerun = await client.query<{ n: string }>("SELECT count(*) AS n FROM jobs WHERE kind = 'battle.draw' AND attempts > 1");
  const kinds = await client.query<{ kind: string; n: string; done: string; rerun: string }>(
    `SELECT kind, count(*) AS n, count(*) FILTER (WHERE state = 'done') AS done, count(*) FILTER (WHERE attempts > 1) AS rerun
       FROM jobs GROUP BY kind ORDER BY kind`,
  );
  const jobs = kinds.rows.map((k) => `${k.kind} ${k.n} (done ${k.done}, run again ${k.rerun})`).join(', ');
  return { ended: rows.length, wrong, drawsRerun: Number(rerun.rows[0]!.n), jobs };
}
