import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** One Patroni member as the drill knows it: its REST API address and its PostgreSQL data folder. */
export interface Member {
  rest: string;
  dataDir: string;
}

/** `FAILOVER_MEMBERS="127.0.0.1:8008=/tmp/…/pg1/data 127.0.0.1:8009=/tmp/…/pg2/data"`. */
export function parseMembers(spec: string): Member[] {
  return spec
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => {
      const [rest, dataDir] = pair.split('=');
      return { rest: rest!, dataDir: dataDir! };
    });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Patroni's own answer: GET /primary is 200 only on the member holding the leader key with a running primary. */
export async function isPrimary(member: Member): Promise<boolean> {
  try {
    const res = await fetch(`http://${member.rest}/primary`, { signal: AbortSignal.timeout(1_000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

export async function currentPrimary(members: Member[]): Promise<Member | undefined> {
  for (const m of members) if (await isPrimary(m)) return m;
  return undefined;
}

/** kill -9 of the postmaster (the first line of postmaster.pid): a machine's PostgreSQL gone mid-write. */
export function killPostmaster(member: Member): number {
  const pid = Number(fs.readFileSync(path.join(member.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  process.kill(pid, 'SIGKILL');
  return pid;
}

/** True when the address (HAProxy's) reaches a PostgreSQL that accepts writes. */
export async function writable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000, query_timeout: 1_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ ro: boolean }>('SELECT pg_is_in_recovery() AS ro');
    return rows[0]?.ro === false;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface Takeover {
  killedPid: number;
  killedMember: string;
  /** Seconds from the kill until Patroni's GET /primary answered 200 on another member. */
  promotedAfterS: number;
  /** Seconds from the kill until a write through HAProxy's address succeeded: the time without a primary. */
  writableAfterS: number;
  newPrimary: string;
  /** performance.now() of the kill. */
  killedAt: number;
}

/** Kills the primary's postmaster and times the standby's promotion and HAProxy's switch. */
export async function killPrimaryAndWait(members: Member[], url: string, timeoutMs = 120_000): Promise<Takeover> {
  const victim = await currentPrimary(members);
  if (!victim) throw new Error('no member is primary before the kill');
  const others = members.filter((m) => m !== victim);
  const killedAt = performance.now();
  const killedPid = killPostmaster(victim);
  let promoted: { at: number; member: Member } | undefined;
  let writableAt: number | undefined;
  while (performance.now() - killedAt < timeoutMs && !(promoted && writableAt)) {
    if (!promoted) {
      for (const m of others) if (await isPrimary(m)) promoted = { at: performance.now(), member: m };
    }
    if (promoted && !writableAt && (await writable(url))) writableAt = performance.now();
    await sleep(100);
  }
  if (!promoted || !writableAt) throw new Error(`no new primary within ${timeoutMs / 1000} s of the kill`);
  return {
    killedPid,
    killedMember: victim.rest,
    promotedAfterS: (promoted.at - killedAt) / 1000,
    writableAfterS: (writableAt - killedAt) / 1000,
    newPrimary: promoted.member.rest,
    killedAt,
  };
}

/** Seconds (from `since`) until the killed member is back, streaming as the synchronous standby: Patroni rejoins it. */
export async function waitForRejoin(members: Member[], killed: string, since: number, timeoutMs = 90_000): Promise<number | null> {
  while (performance.now() - since < timeoutMs) {
    for (const member of members) {
      try {
        const res = await fetch(`http://${member.rest}/cluster`, { signal: AbortSignal.timeout(1_000) });
        const cluster = (await res.json()) as { members: { role: string; state: string; api_url?: string }[] };
        const back = cluster.members.find((m) => m.api_url?.includes(killed));
        if (back && back.role === 'sync_standby' && /stream|running/.test(back.state)) return (performance.now() - since) / 1000;
      } catch {
        // this member's API is restarting: ask the next
      }
    }
    await sleep(500);
  }
  return null;
}
