/**
 * Operators create Golden Codes from a shell (issue 5 §7), against the configured database:
 *
 *   npx tsx apps/server/src/features/golden-code/create-cli.ts --code SPRING2026 --amount 1000 --uses 100 --days 7
 *
 * Exactly one reward: --amount <fen> (coins; 1000 = ¥10.00), --item <catalogue item id>, --box <box id>,
 * or --coupon-type <0 shop|1 box|2 recharge> with --discount-bp <1..10000> [--min-spend <fen>].
 * --uses is the total number of redemptions (one per player), --days the validity from now, --note free text.
 * With PGlite, stop the server first: its data directory admits one process at a time.
 * The console (/admin/promotions, issue 16 screen 8) creates codes through the same createGoldenCode while
 * the server runs, and writes the audit row this command does not; prefer it.
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../platform/db/client.js';
import { createGoldenCode, type NewGoldenCode } from './service.js';

const DAY_MS = 24 * 3_600_000;

function intOption(values: Record<string, string | boolean | undefined>, name: string): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw)) throw new Error(`--${name} must be a whole number`);
  return Number(raw);
}

export function parseCreateArgs(argv: string[], now = Date.now()): NewGoldenCode {
  const { values } = parseArgs({
    args: argv,
    options: {
      code: { type: 'string' },
      amount: { type: 'string' },
      item: { type: 'string' },
      box: { type: 'string' },
      'coupon-type': { type: 'string' },
      'discount-bp': { type: 'string' },
      'min-spend': { type: 'string' },
      uses: { type: 'string' },
      days: { type: 'string' },
      note: { type: 'string' },
    },
    strict: true,
  });
  if (!values.code) throw new Error('--code is required');
  const amountFen = intOption(values, 'amount');
  const itemId = intOption(values, 'item');
  const boxId = intOption(values, 'box');
  const couponType = values['coupon-type'] === undefined ? undefined : Number(values['coupon-type']);
  const rewards = [
    amountFen !== undefined && 'coin',
    itemId !== undefined && 'item',
    boxId !== undefined && 'box',
    couponType !== undefined && 'coupon',
  ].filter(Boolean) as Array<NewGoldenCode['rewardType']>;
  if (rewards.length !== 1) throw new Error('give exactly one of --amount, --item, --box, --coupon-type');
  const maxUses = intOption(values, 'uses');
  const days = intOption(values, 'days');
  if (maxUses === undefined) throw new Error('--uses is required');
  if (days === undefined || days < 1) throw new Error('--days is required (at least 1)');
  return {
    code: values.code,
    rewardType: rewards[0]!,
    amountFen,
    itemId,
    boxId,
    couponType,
    discountBp: values['discount-bp'] === undefined ? undefined : Number(values['discount-bp']),
    minSpendFen: values['min-spend'] === undefined ? undefined : Number(values['min-spend']),
    maxUses,
    expiresAt: new Date(now + days * DAY_MS),
    note: values.note,
  };
}

async function main(): Promise<void> {
  const input = parseCreateArgs(process.argv.slice(2));
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl, poolSize: 2 } : { pgliteDir: config.pgliteDir },
  );
  try {
    await database.migrate();
    const row = await createGoldenCode(database.db, input);
    const reward =
      row.rewardType === 'coin'
        ? `¥${((row.amountFen ?? 0) / 100).toFixed(2)} coins`
        : row.rewardType === 'item'
          ? `item ${row.itemId}`
          : row.rewardType === 'coupon'
            ? `coupon type ${row.couponType}, ${row.discountBp} bp off`
            : `box ${row.boxId}`;
    console.log(`Created Golden Code ${row.code} (id ${row.id}): ${reward}, ${row.maxUses} uses, expires ${row.expiresAt.toISOString()}`);
  } finally {
    await database.close();
  }
}

// Runs only as a script, so tests can import parseCreateArgs.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
