/**
 * The load generator and checker of scripts/failover-drill.sh and scripts/restore-drill.sh (issue 26 §2–3).
 * It runs in its own process, never inside a server; the scripts start the database, HAProxy and the nodes.
 *
 *   DATABASE_URL=… FAILOVER_STATE=state.json npx tsx bench/failover-load.ts prepare     # schema, players with money
 *   … FAILOVER_NODES="8081 8082" FAILOVER_MEMBERS="127.0.0.1:8008=/…/pg1/data …" npx tsx bench/failover-load.ts drill
 *   … FAILOVER_NODES="8081" FAILOVER_ANSWERS=a.json npx tsx bench/failover-load.ts load  # load only, OK answers to a file
 *   DATABASE_URL=… FAILOVER_PRESENT=a.json FAILOVER_ABSENT=b.json npx tsx bench/failover-load.ts verify
 *
 * Options: FAILOVER_PLAYERS (12), FAILOVER_LOAD_SECONDS (60), FAILOVER_KILL_AT (15 s into the load),
 * FAILOVER_KEY_BUDGET_S (90: a key unresolved after this long is stuck; longer than the nodes' lease).
 */
import fs from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { auditLedger } from '../apps/server/src/platform/ledger/audit.js';
import { ensureBaseRows } from '../apps/server/src/seed/index.js';
import { givenSession, givenUser } from '../apps/server/src/testing/factories.js';
import { describeLoad, runMoneyLoad, type OkOpening, type Player } from './failover/money-load.js';
import { killPrimaryAndWait, parseMembers, waitForRejoin, type Takeover } from './failover/patroni.js';
import { checkMoneyLoad, describeEffects, findEffects } from './failover/verify.js';

const env = process.env;
const url = env.DATABASE_URL ?? '';
const statePath = env.FAILOVER_STATE ?? '';
const seconds = Number(env.FAILOVER_LOAD_SECONDS ?? 60);
const killAt = Number(env.FAILOVER_KILL_AT ?? 15);
const keyBudgetMs = Number(env.FAILOVER_KEY_BUDGET_S ?? 90) * 1000;
const nodePorts = (env.FAILOVER_NODES ?? '').split(/\s+/).filter(Boolean).map(Number);
const print = (line: string) => console.log(`  ${line}`);

async function prepare(): Promise<void> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  await database.migrate(ensureBaseRows);
  const players: Player[] = [];
  for (let i = 0; i < Number(env.FAILOVER_PLAYERS ?? 12); i++) {
    const user = await givenUser(database.db, { coinsFen: 1_000_000_000_000 });
    players.push({ userId: user.id, token: await givenSession(database.db, user.id) });
  }
  await database.close();
  fs.writeFileSync(statePath, JSON.stringify({ players }));
  console.log(`prepared ${players.length} players with money`);
}

const readPlayers = (): Player[] => (JSON.parse(fs.readFileSync(statePath, 'utf8')) as { players: Player[] }).players;

/** The ledger audit (deep: every balance equals its transfers) on whatever the URL reaches. */
async function audit(): Promise<boolean> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  try {
    const result = await auditLedger(database.db, { deep: true });
    print(
      `ledger audit: sum ${result.sumFen} fen, negative user accounts ${result.negativeUserAccounts}, balances ≠ transfers ${result.mismatchedAccounts} → ${result.balanced ? 'balanced' : 'NOT BALANCED'}`,
    );
    return result.balanced;
  } finally {
    await database.close();
  }
}

async function withClient<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function drill(): Promise<boolean> {
  const players = readPlayers();
  const members = parseMembers(env.FAILOVER_MEMBERS ?? '');
  let takeover: Takeover | undefined;
  let takeoverError: unknown;
  let rejoined = null as number | null;
  console.log(
    `failover drill: ${players.length} players on nodes ${nodePorts.join(', ')}, ${seconds} s of openings, primary killed at ${killAt} s`,
  );
  const load = await runMoneyLoad({
    nodePorts,
    players,
    seconds,
    keyBudgetMs,
    event: {
      atSeconds: killAt,
      run: async () => {
        takeover = await killPrimaryAndWait(members, url).catch((err: unknown) => {
          takeoverError = err;
          return undefined;
        });
        if (takeover) rejoined = await waitForRejoin(members, takeover.killedMember, takeover.killedAt);
      },
    },
  });
  if (!takeover) throw new Error(`the standby did not take over: ${String(takeoverError)}`);
  const firstOkAfter = load.ok.find((o) => o.at > load.startedAt + killAt * 1000 + takeover!.writableAfterS * 1000);
  console.log('figures:');
  print(`killed: postmaster pid ${takeover.killedPid} of ${takeover.killedMember}; new primary ${takeover.newPrimary}`);
  print(
    `seconds without a primary: ${takeover.writableAfterS.toFixed(1)} (Patroni promoted the standby after ${takeover.promotedAfterS.toFixed(1)} s; HAProxy then routed writes to it)`,
  );
  print(
    `first OK opening after the switch: ${firstOkAfter ? `${((firstOkAfter.at - load.startedAt) / 1000 - killAt).toFixed(1)} s after the kill` : 'none'}`,
  );
  print(
    `old primary back as the synchronous standby: ${rejoined === null ? 'not within 90 s' : `${rejoined.toFixed(1)} s after the kill (pg_rewind, then streaming)`}`,
  );
  const money = await checkMoneyLoad(
    load,
    seconds,
    players.map((p) => p.userId),
    withClient,
    print,
  );
  const balanced = await audit();
  return money.passed && balanced;
}

async function loadOnly(): Promise<boolean> {
  const load = await runMoneyLoad({ nodePorts, players: readPlayers(), seconds, keyBudgetMs });
  for (const line of describeLoad(load, seconds)) print(line);
  if (env.FAILOVER_ANSWERS) fs.writeFileSync(env.FAILOVER_ANSWERS, JSON.stringify(load.ok));
  return load.attempts.internal === 0 && load.stuck.length === 0;
}

/** On a restored copy: the answers before the target time are all there, the ones after are not. */
async function verify(): Promise<boolean> {
  const read = (p: string | undefined): OkOpening[] => (p ? (JSON.parse(fs.readFileSync(p, 'utf8')) as OkOpening[]) : []);
  const present = read(env.FAILOVER_PRESENT);
  const absent = read(env.FAILOVER_ABSENT);
  const before = await withClient((c) => findEffects(c, present));
  print(describeEffects(before).replace('OK answers', 'OK answers before the target time'));
  const after = await withClient((c) => findEffects(c, absent));
  const leaked = after.checked - after.lost;
  print(`openings after the target time found in the restored copy: ${leaked} of ${after.checked} (must be 0)`);
  const balanced = await audit();
  return before.lost === 0 && leaked === 0 && balanced;
}

const modes: Record<string, () => Promise<boolean | void>> = { prepare, drill, load: loadOnly, verify, audit };
const mode = modes[process.argv[2] ?? ''];
if (!mode || !url) {
  console.error('usage: DATABASE_URL=… npx tsx bench/failover-load.ts prepare|drill|load|verify|audit');
  process.exit(2);
}
mode().then(
  (passed) => process.exit(passed === false ? 1 : 0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
