import type pg from 'pg';
import type { Subscriber } from './subscribers.js';

/**
 * What was published, from the database (every public feed row and public battle is one live item), and
 * what each subscriber received: each item once per subscriber. A subscriber may miss an item only while
 * it had no socket (its node was killed, it was reconnecting); an item nobody received was not published,
 * which only the killed node may cause (committed, then killed before its after-commit publish, or a
 * battle's reveal timer that died with it).
 */
export interface Published {
  key: string;
  signature: string;
  /** When it went out: the commit for openings and battles, the reveal's end for a battle's drops. */
  at: number;
  /** For a battle's drops: when the draw committed (the node that drew holds the reveal timer). */
  drawnAt: number | null;
}

export async function publishedItems(client: pg.Client): Promise<Published[]> {
  const drops = await client.query<{
    id: string;
    user_id: string;
    gift_name: string;
    fen: string;
    created: string;
    public: string;
    type: number;
  }>(
    `SELECT id, user_id, gift_name, recovery_price_fen AS fen, source_type AS type,
            extract(epoch FROM created_at) * 1000 AS created, extract(epoch FROM public_from) * 1000 AS public
       FROM live_drops WHERE NOT demo AND public_from IS NOT NULL`,
  );
  const battles = await client.query<{ code: string; created: string }>(
    'SELECT code, extract(epoch FROM created_at) * 1000 AS created FROM battles WHERE password_hash IS NULL',
  );
  return [
    ...drops.rows.map((r) => ({
      key: `drop:${r.id}`,
      signature: `${r.user_id}:${r.gift_name}:${r.fen}`,
      at: Math.max(Number(r.created), Number(r.public)),
      drawnAt: r.type === 23 ? Number(r.created) : null,
    })),
    ...battles.rows.map((r) => ({ key: `created:${r.code}`, signature: '', at: Number(r.created), drawnAt: null })),
  ];
}

export interface SubscriberTally {
  index: number;
  nodes: number[];
  /** How long it had no subscription in all (ms): from its socket's close to the next RECEIPT. */
  downMs: number;
  received: number;
  duplicates: number;
  /** Missed while it had no socket (allowed). */
  missedWhileDown: number;
  /** Missed while subscribed: a defect. */
  missed: number;
  /** Received but not this run's (another test on the same Redis channel). */
  foreign: number;
}

export interface EventTally {
  published: number;
  /** Committed items no subscriber received, because the killed node did not publish them (allowed). */
  unpublishedByKilledNode: number;
  /** Of those, a battle's drops whose reveal timer (in the drawing node's memory) died with it. */
  revealsLost: number;
  /** Committed items no subscriber received at any other time: a defect. */
  unpublished: number;
  /** The first few of those, with when they went out relative to the kill (s). */
  unpublishedSamples: string[];
  subscribers: SubscriberTally[];
}

/** Slack around a gap or the kill: an item committed just before it may still have been in flight. */
const SLACK_BEFORE_MS = 2_000;
const SLACK_AFTER_MS = 1_000;

/**
 * `answered`: the items whose request was answered (battles created OK). One that was not, and that nobody
 * received, was committed on a node killed before it could answer or publish, however long it had waited.
 */
export function tallyEvents(published: Published[], subscribers: Subscriber[], killedAt: number, answered: Set<string>): EventTally {
  const byKey = new Map(published.map((p) => [p.key, p]));
  const receivedBy = new Map<string, number>();
  for (const s of subscribers) for (const key of new Set(s.receipts.map((r) => r.key))) receivedBy.set(key, (receivedBy.get(key) ?? 0) + 1);
  const near = (at: number, from: number, to: number) => at >= from - SLACK_BEFORE_MS && at <= to + SLACK_AFTER_MS;
  // A drop of a battle drawn before the kill and revealed after it: its timer may have died with the node.
  // A room created before the kill whose creation was never answered: committed, then the node died.
  const lostWithKilled = (p: Published) =>
    near(p.at, killedAt, killedAt) ||
    (p.drawnAt !== null && p.drawnAt <= killedAt && p.at >= killedAt) ||
    (p.key.startsWith('created:') && p.at <= killedAt && !answered.has(p.key));
  let unpublishedByKilledNode = 0;
  let revealsLost = 0;
  let unpublished = 0;
  const unpublishedSamples: string[] = [];
  const nobody = new Set<string>();
  for (const p of published) {
    if (receivedBy.has(p.key)) continue;
    nobody.add(p.key);
    if (lostWithKilled(p)) {
      unpublishedByKilledNode++;
      if (p.drawnAt !== null && p.at > killedAt) revealsLost++;
    } else {
      unpublished++;
      unpublishedSamples.push(`${p.key} at ${((p.at - killedAt) / 1000).toFixed(1)} s`);
    }
  }
  const tallies = subscribers.map((s): SubscriberTally => {
    const seen = new Map<string, number>();
    let foreign = 0;
    for (const r of s.receipts) {
      const p = byKey.get(r.key);
      if (!p || p.signature !== r.signature) {
        foreign++;
        continue;
      }
      seen.set(r.key, (seen.get(r.key) ?? 0) + 1);
    }
    let duplicates = 0;
    for (const n of seen.values()) duplicates += n - 1;
    let missedWhileDown = 0;
    let missed = 0;
    for (const p of published) {
      if (seen.has(p.key) || nobody.has(p.key)) continue;
      if (s.gaps.some((g) => near(p.at, g.from, g.to ?? Infinity))) missedWhileDown++;
      else missed++;
    }
    const downMs = s.gaps.reduce((n, g) => n + ((g.to ?? Date.now()) - g.from), 0);
    return { index: s.index, nodes: s.nodes, downMs, received: seen.size, duplicates, missedWhileDown, missed, foreign };
  });
  return { published: published.length, unpublishedByKilledNode, revealsLost, unpublished, unpublishedSamples, subscribers: tallies };
}

export function describeEvents(t: EventTally, nodeNames: string[]): string[] {
  const sum = (f: (s: SubscriberTally) => number) => t.subscribers.reduce((n, s) => n + f(s), 0);
  const lines = [
    `live items published (feed rows of openings and battles, battles created): ${t.published}; ` +
      `received by nobody: ${t.unpublishedByKilledNode} committed around the kill by the killed node (allowed; ${t.revealsLost} of them battle drops whose reveal timer died with it), ${t.unpublished} otherwise`,
    `per subscriber: duplicates ${sum((s) => s.duplicates)}, missed while subscribed ${sum((s) => s.missed)}, ` +
      `missed while its node was dead or it was reconnecting ${sum((s) => s.missedWhileDown)} (allowed), other runs' events ignored ${sum((s) => s.foreign)}`,
  ];
  if (t.unpublished) lines.push(`received by nobody, relative to the kill: ${t.unpublishedSamples.slice(0, 10).join(', ')}`);
  for (const s of t.subscribers) {
    const path = s.nodes.map((n) => nodeNames[n] ?? '?').join('→');
    lines.push(
      `  subscriber ${s.index + 1} (${path}): received ${s.received} of ${t.published}, duplicates ${s.duplicates}, missed ${s.missed}, missed while down ${s.missedWhileDown}${s.downMs ? ` (down ${(s.downMs / 1000).toFixed(1)} s)` : ''}`,
    );
  }
  return lines;
}
