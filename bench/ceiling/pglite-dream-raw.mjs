// The embedded database's own ceiling for a dream's writes (dream.sql's statements on schema.sql +
// dream-schema.sql), in the manner of pglite-raw.mjs. usage: node pglite-dream-raw.mjs PROJECT_DIR SECONDS
// Prints one JSON line {perSecond}.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
const [projectDir, secondsArg] = process.argv.slice(2);
const entry = path.join(projectDir, 'node_modules/@electric-sql/pglite/dist/index.js');
const { PGlite } = await import(pathToFileURL(entry).href);
const db = new PGlite();
await db.waitReady;
const here = path.dirname(new URL(import.meta.url).pathname);
await db.exec(fs.readFileSync(path.join(here, 'schema.sql'), 'utf8').replace(/^VACUUM ANALYZE;$/m, ''));
await db.exec(fs.readFileSync(path.join(here, 'dream-schema.sql'), 'utf8'));
const rnd = (n) => 1 + Math.floor(Math.random() * n);
async function dream() {
  const uid = rnd(1000),
    house = rnd(32),
    item = rnd(2000),
    code = rnd(100000),
    win = Math.random() < 0.5;
  await db.transaction(async (tx) => {
    await tx.query('UPDATE accounts SET balance = balance - 3300 WHERE id = $1 AND balance >= 3300 RETURNING balance', [uid + 32]);
    await tx.query('UPDATE accounts SET balance = balance + 3300 WHERE id = $1 RETURNING balance', [house]);
    await tx.query(
      "INSERT INTO transfers (debit, credit, amount, code, ref_id, debit_after, credit_after) VALUES ($1, $2, 3300, 'dream_fee', 3, 0, 0)",
      [uid + 32, house],
    );
    await tx.query('UPDATE seed_pairs SET nonce = nonce + 1 WHERE user_id = $1 RETURNING id, nonce, server_seed, client_seed', [uid]);
    const roll = await tx.query(
      'INSERT INTO rolls (user_id, seed_pair_id, nonce, roll_code, range_low, range_high, box_id, item_id, price) SELECT $1, id, nonce, $2, 1, 50000, 0, $3, 3300 FROM seed_pairs WHERE user_id = $1 RETURNING id',
      [uid, code, item],
    );
    if (win) {
      await tx.query("INSERT INTO inventory (user_id, item_id, price, source) VALUES ($1, $2, 6270, 'dream')", [uid, item]);
      await tx.query('INSERT INTO drops (user_id, item_id, grade, price) VALUES ($1, $2, 3, 6270)', [uid, item]);
    }
    await tx.query(
      'INSERT INTO dreams (user_id, target_item_id, target_price, probability, fee, coins_paid, items_value, roll_id, won) VALUES ($1, $2, 6270, 50000, 3300, 3300, 0, $3, $4)',
      [uid, item, roll.rows[0].id, win],
    );
  });
}
for (let i = 0; i < 300; i++) await dream(); // warm-up
const seconds = Number(secondsArg ?? 10),
  end = performance.now() + seconds * 1000,
  start = performance.now();
let n = 0;
while (performance.now() < end) {
  await dream();
  n++;
}
console.log(JSON.stringify({ perSecond: Math.round(n / ((performance.now() - start) / 1000)) }));
await db.close();
