import { WebSocket } from 'ws';
import { live } from '@skinfair/contract';

/**
 * Live subscribers of bench/three-nodes.ts: STOMP sessions through the proxy, each reconnecting (with
 * jitter) when its node goes away, and a log of every event it received. A subscriber is one logical
 * viewer: its sockets over time, with the gaps between them (the only time it may miss an event).
 */

/** One received live item: a drop (its feed row id, and what identifies the row) or a battle created. */
export interface Receipt {
  key: string;
  /** For drops: user, item and value, compared with the feed row so another run's event on the shared Redis never counts. */
  signature: string;
  at: number;
}

export interface Subscriber {
  index: number;
  /** The node (index into the node list) of each socket, in order; -1 when it could not be told. */
  nodes: number[];
  /** Times it had no subscription: from the close to the next RECEIPT (`to` null while still down). */
  gaps: Array<{ from: number; to: number | null }>;
  receipts: Receipt[];
  /** Events of other kinds (battle state, rank): counted, not judged. */
  otherEvents: number;
  closeCodes: Record<number, number>;
}

export interface SubscriberPool {
  subscribers: Subscriber[];
  /** Closes every socket and stops reconnecting. */
  stop(): Promise<void>;
}

interface Options {
  proxyPort: number;
  count: number;
  /** Live connections per node now (each node's /metrics), to tell which node a new socket reached. */
  connectionsPerNode: () => Promise<number[]>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The live items of one MESSAGE body, keyed so each is counted per subscriber. */
export function itemsOf(body: string): Array<{ key: string; signature: string }> | null {
  let msg: { eventType?: number; data?: unknown };
  try {
    msg = JSON.parse(body) as typeof msg;
  } catch {
    return null;
  }
  if (msg.eventType === 21 || msg.eventType === 22 || msg.eventType === 23) {
    const drops = (Array.isArray(msg.data) ? msg.data : []) as Array<{
      id: number;
      userId: number;
      giftName: string;
      recoveryPrice: number;
    }>;
    return drops.map((d) => ({ key: `drop:${d.id}`, signature: `${d.userId}:${d.giftName}:${d.recoveryPrice}` }));
  }
  if (msg.eventType === 31) {
    const battle = msg.data as { battleCode: string };
    return [{ key: `created:${battle.battleCode}`, signature: '' }];
  }
  return null;
}

export async function startSubscribers(options: Options): Promise<SubscriberPool> {
  let stopping = false;
  const sockets = new Set<WebSocket>();
  // One socket opens at a time, so the node whose count went up is the one it reached.
  let turn = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const run = turn.then(work, work);
    turn = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  };

  const open = (s: Subscriber): Promise<void> =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${options.proxyPort}/ws`, ['v12.stomp'], { perMessageDeflate: false });
      sockets.add(ws);
      let subscribed = false;
      ws.on('open', () => ws.send('CONNECT\naccept-version:1.2\nhost:127.0.0.1\nheart-beat:0,0\n\n\0'));
      ws.on('message', (data: Buffer) => {
        for (const frame of data.toString('utf8').split('\0')) {
          const text = frame.replace(/^\n+/, '');
          if (text.startsWith('CONNECTED\n')) ws.send(`SUBSCRIBE\nid:sub-0\ndestination:${live.topic}\nack:auto\nreceipt:r\n\n\0`);
          else if (text.startsWith('RECEIPT\n')) {
            subscribed = true;
            resolve();
          } else if (text.startsWith('MESSAGE\n')) {
            const items = itemsOf(text.slice(text.indexOf('\n\n') + 2));
            if (items === null) s.otherEvents++;
            else for (const item of items) s.receipts.push({ ...item, at: Date.now() });
          } else if (text.startsWith('ERROR\n')) reject(new Error(`STOMP error: ${text}`));
        }
      });
      ws.on('error', (err) => {
        if (!subscribed) reject(err);
      });
      ws.on('close', (code) => {
        sockets.delete(ws);
        s.closeCodes[code] = (s.closeCodes[code] ?? 0) + 1;
        if (!subscribed) {
          reject(new Error(`closed (${code}) before the subscription`));
          return;
        }
        if (stopping) return;
        s.gaps.push({ from: Date.now(), to: null });
        void reconnect(s);
      });
    });

  const connect = (s: Subscriber) =>
    serially(async () => {
      const before = await options.connectionsPerNode();
      await open(s);
      for (let tries = 0; tries < 40; tries++) {
        const after = await options.connectionsPerNode();
        const node = after.findIndex((n, i) => n > before[i]!);
        if (node >= 0) {
          s.nodes.push(node);
          return;
        }
        await sleep(50);
      }
      s.nodes.push(-1);
    });

  async function reconnect(s: Subscriber): Promise<void> {
    // The web app's reconnect: a delay with jitter, so a node's viewers do not all land at once.
    for (let attempt = 0; !stopping; attempt++) {
      await sleep(300 + Math.random() * 700);
      try {
        await connect(s);
        s.gaps[s.gaps.length - 1]!.to = Date.now();
        return;
      } catch {
        // The proxy may still pick the dead node once; try again.
      }
    }
  }

  const subscribers: Subscriber[] = Array.from({ length: options.count }, (_, index) => ({
    index,
    nodes: [],
    gaps: [],
    receipts: [],
    otherEvents: 0,
    closeCodes: {},
  }));
  for (const s of subscribers) await connect(s);
  return {
    subscribers,
    async stop() {
      stopping = true;
      await Promise.all(
        [...sockets].map(
          (ws) =>
            new Promise<void>((resolve) => {
              ws.once('close', () => resolve());
              ws.close(1000);
              setTimeout(() => {
                ws.terminate();
                resolve();
              }, 2_000).unref();
            }),
        ),
      );
    },
  };
}
