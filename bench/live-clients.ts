/**
 * Client process of bench/live-fanout.ts and bench/battle-rounds.ts (forked with an IPC channel): holds WebSockets to the bare `ws`
 * server and STOMP sessions to Skinfair's live endpoint, and stamps when each socket receives the event
 * the bench process armed. Both targets share this receive path — stamp, keep the buffer, count — so
 * the clients' own cost is the same on both sides; frames are checked only after the last one arrived.
 */
import { WebSocket } from 'ws';
import { live } from '@skinfair/contract';
import { monoMs, type ClientCommand, type ClientReport, type Target } from './live-support.js';

/** What stompjs (the web app's client) names its first subscription. */
const SUBSCRIPTION_ID = 'sub-0';
const M = 0x4d; // 'M' of MESSAGE; heart-beats ('\n') and receipts are not the event
const OPEN_CONCURRENCY = 100;

interface Group {
  target: Target;
  sockets: WebSocket[];
  times: Float64Array;
  last: (Buffer | undefined)[];
  received: number;
  armed: boolean;
  match?: RegExp;
  closed: number;
  closeCodes: Record<number, number>;
  heartbeat?: NodeJS.Timeout;
}

const groups = new Map<Target, Group>();
const send = (report: ClientReport) => process.send!(report);

function openOne(g: Group, i: number, url: string, heartbeatMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const stomp = g.target === 'stomp';
    const ws = new WebSocket(url, stomp ? ['v12.stomp'] : [], { perMessageDeflate: false });
    let ready = false;
    g.sockets[i] = ws;
    ws.on('open', () => {
      if (!stomp) {
        ready = true;
        resolve();
        return;
      }
      ws.send(`CONNECT\naccept-version:1.2\nhost:127.0.0.1\nheart-beat:${heartbeatMs},${heartbeatMs}\n\n\0`);
    });
    ws.on('message', (data: Buffer) => {
      if (g.armed) {
        if (stomp && data[0] !== M) return;
        if (g.times[i] !== 0) return;
        // Stamped before the test, so a filtered event's latency does not include reading its text.
        const t = monoMs();
        if (g.match && !g.match.test(data.toString())) return;
        g.times[i] = t;
        g.last[i] = data;
        if (++g.received === g.sockets.length) finish(g);
        return;
      }
      if (ready || !stomp) return;
      const text = data.toString();
      if (text.startsWith('CONNECTED\n')) {
        ws.send(`SUBSCRIBE\nid:${SUBSCRIPTION_ID}\ndestination:${live.topic}\nack:auto\nreceipt:r\n\n\0`);
      } else if (text.startsWith('RECEIPT\n')) {
        ready = true;
        resolve();
      } else if (text.startsWith('ERROR\n')) {
        reject(new Error(`STOMP error: ${text}`));
      }
    });
    ws.on('error', (err) => {
      if (!ready) reject(err);
    });
    ws.on('close', (code) => {
      g.closed++;
      g.closeCodes[code] = (g.closeCodes[code] ?? 0) + 1;
      if (!ready) reject(new Error(`socket closed (${code}) before it was ready`));
    });
  });
}

async function connect(cmd: Extract<ClientCommand, { type: 'connect' }>): Promise<void> {
  const g: Group = {
    target: cmd.target,
    sockets: new Array<WebSocket>(cmd.count),
    times: new Float64Array(cmd.count),
    last: new Array<Buffer | undefined>(cmd.count),
    received: 0,
    armed: false,
    closed: 0,
    closeCodes: {},
  };
  groups.set(cmd.target, g);
  if (cmd.target === 'stomp' && cmd.heartbeatMs > 0) {
    // As the web app does (10 s both ways), spread over the interval so the server sees a steady trickle;
    // started before the sockets open, so the first ones are not reaped while the rest connect.
    const slices = 50;
    let slice = 0;
    g.heartbeat = setInterval(() => {
      for (let i = slice; i < g.sockets.length; i += slices) {
        const ws = g.sockets[i];
        if (ws?.readyState === WebSocket.OPEN) ws.send('\n');
      }
      slice = (slice + 1) % slices;
    }, cmd.heartbeatMs / slices);
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: OPEN_CONCURRENCY }, async () => {
      while (next < cmd.count) await openOne(g, next++, cmd.url, cmd.heartbeatMs);
    }),
  );
  send({ type: 'connected', target: cmd.target, count: cmd.count });
}

const messageIdOf = (frame: string): string | undefined => /\nmessage-id:([^\n]*)\n/.exec(frame)?.[1];

function finish(g: Group): void {
  g.armed = false;
  let bytes = 0;
  let sample = '';
  let malformed = 0;
  const ids = new Set<string>();
  for (const buf of g.last) {
    if (!buf) continue;
    if (!sample) {
      bytes = buf.length;
      sample = buf.toString();
    }
    if (g.target !== 'stomp') continue;
    const frame = buf.toString();
    const id = messageIdOf(frame);
    if (!frame.startsWith('MESSAGE\n') || !frame.includes(`\nsubscription:${SUBSCRIPTION_ID}\n`) || !id || !frame.endsWith('\0')) {
      malformed++;
    } else {
      ids.add(id);
    }
  }
  send({
    type: 'done',
    target: g.target,
    times: g.times,
    bytes,
    sample,
    malformed,
    distinctMessageIds: ids.size,
    closed: g.closed,
    closeCodes: g.closeCodes,
  });
}

process.on('message', (cmd: ClientCommand) => {
  const g = groups.get(cmd.target);
  switch (cmd.type) {
    case 'connect':
      connect(cmd).catch((err: unknown) => send({ type: 'error', message: String(err) }));
      return;
    case 'arm':
      if (!g) return send({ type: 'error', message: `no ${cmd.target} sockets` });
      g.times = new Float64Array(g.sockets.length);
      g.last = new Array<Buffer | undefined>(g.sockets.length);
      g.received = 0;
      g.match = cmd.match === undefined ? undefined : new RegExp(cmd.match);
      g.armed = true;
      return send({ type: 'armed', target: cmd.target });
    case 'collect':
      // Timed out in the bench process: report what arrived.
      if (g) finish(g);
      return;
  }
});
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
