/**
 * Operators make official giveaway rooms and grant the streamer role from a shell (issue 14), against the
 * configured database:
 *
 *   npx tsx apps/server/src/features/giveaways/operator-cli.ts official --title 周末福利 --stock 12,12,30 --minutes 60
 *     [--remark 文本] [--banner /images/x.png] [--pwd 口令] [--min-deposit <fen> --deposit-days <n>]
 *     [--min-vip <grade>] [--promotion-user <user id>]
 *   npx tsx apps/server/src/features/giveaways/operator-cli.ts streamer --user 100001 [--off]
 *
 * --stock lists the shop stock lines (ids), one unit per prize in prize order; the units leave the stock
 * now and go back if nobody wins them. --deposit-days counts deposits from that many days before the room
 * until its open time. With PGlite, stop the server first: its data directory admits one process at a time.
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../platform/db/client.js';
import { createHasher, resolveAppSecret } from '../../platform/secret.js';
import { createOfficialGiveaway, type NewOfficialGiveaway } from './rooms.js';
import { setStreamer } from './repo.js';

const DAY_MS = 24 * 3_600_000;

export type OperatorCommand = { command: 'official'; room: NewOfficialGiveaway } | { command: 'streamer'; userId: number; on: boolean };

function whole(raw: string | boolean | undefined, name: string): number | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw)) throw new Error(`--${name} must be a whole number`);
  return Number(raw);
}

export function parseOperatorArgs(argv: string[], now = Date.now()): OperatorCommand {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      title: { type: 'string' },
      remark: { type: 'string' },
      banner: { type: 'string' },
      stock: { type: 'string' },
      minutes: { type: 'string' },
      pwd: { type: 'string' },
      'min-deposit': { type: 'string' },
      'deposit-days': { type: 'string' },
      'min-vip': { type: 'string' },
      'promotion-user': { type: 'string' },
      user: { type: 'string' },
      off: { type: 'boolean' },
    },
    strict: true,
  });
  if (command === 'streamer') {
    const userId = whole(values.user, 'user');
    if (userId === undefined) throw new Error('--user is required');
    return { command, userId, on: !values.off };
  }
  if (command !== 'official') throw new Error('usage: operator-cli.ts official … | streamer --user <id> [--off]');
  if (!values.title || values.title.trim().length < 2) throw new Error('--title is required (2–40 characters)');
  const stockIds = (values.stock ?? '')
    .split(',')
    .filter(Boolean)
    .map((s) => whole(s.trim(), 'stock')!);
  if (stockIds.length === 0 || stockIds.length > 50) throw new Error('--stock lists 1 to 50 shop stock ids');
  const minutes = whole(values.minutes, 'minutes');
  if (minutes === undefined || minutes < 1) throw new Error('--minutes is required (at least 1)');
  const openTime = new Date(now + minutes * 60_000);
  const depositDays = whole(values['deposit-days'], 'deposit-days');
  return {
    command,
    room: {
      title: values.title.trim().slice(0, 40),
      remark: values.remark ?? '',
      banner: values.banner ?? null,
      openTime,
      stockIds,
      ...(values.pwd ? { password: values.pwd } : {}),
      minDepositFen: whole(values['min-deposit'], 'min-deposit') ?? 0,
      depositStart: depositDays === undefined ? null : new Date(now - depositDays * DAY_MS),
      depositEnd: depositDays === undefined ? null : openTime,
      promotionUserId: whole(values['promotion-user'], 'promotion-user') ?? null,
      minVipGrade: whole(values['min-vip'], 'min-vip') ?? 0,
    },
  };
}

async function main(): Promise<void> {
  const parsed = parseOperatorArgs(process.argv.slice(2));
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl, poolSize: 2 } : { pgliteDir: config.pgliteDir },
  );
  try {
    await database.migrate();
    if (parsed.command === 'streamer') {
      if (!(await setStreamer(database.db, parsed.userId, parsed.on))) throw new Error(`no user ${parsed.userId}`);
      console.log(`User ${parsed.userId} is ${parsed.on ? 'now' : 'no longer'} a streamer`);
      return;
    }
    // The running servers learn of the room from the database (lists, detail); this process has no live hub.
    const ctx = {
      db: database.db,
      hash: createHasher(resolveAppSecret(config.appSecret, config.dataDir)),
      live: { publish() {}, onlineCount: () => 0 },
    };
    const room = await createOfficialGiveaway(ctx, parsed.room);
    console.log(
      `Created official giveaway ${room.id} "${room.title}": ${room.giftCount} prizes worth ¥${(room.poolValue / 100).toFixed(2)}, draws at ${room.openTime} (beacon round ${room.targetRound})`,
    );
  } finally {
    await database.close();
  }
}

// Runs only as a script, so tests can import parseOperatorArgs.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
