import { randomBytes } from 'node:crypto';

/**
 * Box openings from several players against several app nodes, each with its own Idempotency-Key, retried
 * with the same key while the answer says "busy, retry" (issue 26 §2). What a careful client does during a
 * database failover, and what the drills count.
 */
export interface Player {
  userId: number;
  token: string;
}

/** One box opening that ended OK: what the answer says was written (the roll, the item, the balance after). */
export interface OkOpening {
  userId: number;
  key: string;
  rollId: number;
  itemId: number;
  balanceAfterFen: number;
  /** When the answer arrived (ms since the epoch). */
  at: number;
}

export type AnswerKind = 'ok' | 'busy' | 'internal' | 'refused' | 'transport';

export interface LoadResult {
  /** When the load began (ms since the epoch). */
  startedAt: number;
  ok: OkOpening[];
  /** Keys that ended without an OK answer (a refusal such as insufficient balance, never a busy answer). */
  refused: number;
  /** Keys still unresolved when their retry budget ran out. */
  stuck: string[];
  /** Every attempt's answer, by kind, and the busy and refused ones by status code. */
  attempts: Record<AnswerKind, number>;
  byStatus: Record<string, number>;
  /** Keys that needed more than one attempt, and the longest time one took to resolve (ms). */
  retriedKeys: number;
  longestKeyMs: number;
}

/** Envelope statuses that mean "nothing is wrong with the request, send it again" (contract's catalogue). */
const BUSY = new Map([
  [1004, 'RATE_LIMITED'],
  [1006, 'DUPLICATE_REQUEST'],
  [1008, 'DB_UNAVAILABLE'],
  [1010, 'REQUEST_TIMEOUT'],
]);
const INTERNAL = 1000;
const BOX_ID = 3;

export interface LoadOptions {
  nodePorts: number[];
  players: Player[];
  seconds: number;
  /** Give up on a key (count it stuck) after this long; longer than the server's idempotency lease. */
  keyBudgetMs: number;
  /** Called once, `atSeconds` into the run (the drill's kill). */
  event?: { atSeconds: number; run: () => Promise<void> };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function attempt(port: number, player: Player, key: string): Promise<{ kind: AnswerKind; status: string; data?: unknown }> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/case/openCase`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', token: player.token, 'idempotency-key': key },
      body: `caseId=${BOX_ID}&number=1`,
      signal: AbortSignal.timeout(35_000),
    });
    const body = (await res.json()) as { status: number; data: unknown };
    if (res.status === 200 && body.status === 0) return { kind: 'ok', status: '0', data: body.data };
    const status = String(body.status);
    if (BUSY.has(body.status) || res.status === 503) return { kind: 'busy', status: `${status} ${BUSY.get(body.status) ?? ''}`.trim() };
    if (body.status === INTERNAL) return { kind: 'internal', status: `${status} INTERNAL` };
    return { kind: 'refused', status };
  } catch (err) {
    return { kind: 'transport', status: (err as Error).name };
  }
}

export async function runMoneyLoad(options: LoadOptions): Promise<LoadResult> {
  const result: LoadResult = {
    startedAt: Date.now(),
    ok: [],
    refused: 0,
    stuck: [],
    attempts: { ok: 0, busy: 0, internal: 0, refused: 0, transport: 0 },
    byStatus: {},
    retriedKeys: 0,
    longestKeyMs: 0,
  };
  const deadline = result.startedAt + options.seconds * 1000;
  const event = options.event ? sleep(options.event.atSeconds * 1000).then(() => options.event!.run()) : Promise.resolve();
  await Promise.all(
    options.players.map(async (player, i) => {
      let round = 0;
      while (Date.now() < deadline) {
        // Players alternate between the nodes, and so do a key's retries: any node must resolve any key.
        const key = `drill-${player.userId}-${randomBytes(6).toString('hex')}`;
        const keyStarted = Date.now();
        for (let tries = 0; ; tries++) {
          const answer = await attempt(options.nodePorts[(i + round + tries) % options.nodePorts.length]!, player, key);
          result.attempts[answer.kind]++;
          if (answer.kind !== 'ok')
            result.byStatus[`${answer.kind} ${answer.status}`] = (result.byStatus[`${answer.kind} ${answer.status}`] ?? 0) + 1;
          if (tries === 1) result.retriedKeys++;
          if (answer.kind === 'ok') {
            const data = answer.data as { results: { verifyId: number; voucherId: number }[]; balance: number };
            const opened = data.results[0]!;
            result.ok.push({
              userId: player.userId,
              key,
              rollId: opened.verifyId,
              itemId: opened.voucherId,
              balanceAfterFen: data.balance,
              at: Date.now(),
            });
            break;
          }
          if (answer.kind === 'refused') {
            result.refused++;
            break;
          }
          if (Date.now() - keyStarted > options.keyBudgetMs) {
            result.stuck.push(key);
            break;
          }
          await sleep(200 + Math.random() * 200);
        }
        result.longestKeyMs = Math.max(result.longestKeyMs, Date.now() - keyStarted);
        round++;
      }
    }),
  );
  await event;
  return result;
}

export function describeLoad(r: LoadResult, seconds: number): string[] {
  const keys = r.ok.length + r.refused + r.stuck.length;
  return [
    `requests (keys): ${keys} sent, ${r.ok.length} answered OK (${(r.ok.length / seconds).toFixed(1)}/s), ${r.refused} refused, ${r.stuck.length} stuck`,
    `attempts by kind: ok ${r.attempts.ok}, busy ${r.attempts.busy}, internal error ${r.attempts.internal}, refused ${r.attempts.refused}, no answer (transport) ${r.attempts.transport}`,
    `non-OK answers: ${JSON.stringify(r.byStatus)}`,
    `keys retried: ${r.retriedKeys}; longest a key took to resolve: ${(r.longestKeyMs / 1000).toFixed(1)} s`,
  ];
}
