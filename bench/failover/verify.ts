import type pg from 'pg';
import { describeLoad, type LoadResult, type OkOpening } from './money-load.js';

/**
 * What the drills check on the database that survived (the promoted standby, or the restored copy): every
 * OK answer's roll, backpack item and debit, and the ledger audit of security.md
 * (platform/ledger/audit.ts, the query behind the tests' expectBooksBalanced).
 */
export interface EffectsCheck {
  checked: number;
  /** OK answers whose roll, item or debit is missing. */
  lost: number;
  missingRolls: number;
  missingItems: number;
  missingDebits: number;
}

export async function findEffects(client: pg.Client, ok: OkOpening[]): Promise<EffectsCheck> {
  const rollIds = ok.map((o) => o.rollId);
  const itemIds = ok.map((o) => o.itemId);
  const rolls = await client.query<{ id: string; user_id: string }>('SELECT id, user_id FROM rolls WHERE id = ANY($1::bigint[])', [
    rollIds,
  ]);
  const items = await client.query<{ id: string; user_id: string }>(
    'SELECT id, user_id FROM inventory_items WHERE id = ANY($1::bigint[])',
    [itemIds],
  );
  // The debit: a case_open transfer from the player's coin account leaving exactly the balance the answer showed.
  const debits = await client.query<{ user_id: string; after: string }>(
    `SELECT a.user_id, t.debit_balance_after_fen AS after
       FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.debit_account_id
      WHERE t.code = 'case_open' AND a.owner_type = 'user' AND a.kind = 'coin' AND a.user_id = ANY($1::bigint[])`,
    [[...new Set(ok.map((o) => o.userId))]],
  );
  const rollSet = new Set(rolls.rows.map((r) => `${r.user_id}:${r.id}`));
  const itemSet = new Set(items.rows.map((r) => `${r.user_id}:${r.id}`));
  const debitSet = new Set(debits.rows.map((r) => `${r.user_id}:${r.after}`));
  let lost = 0;
  let missingRolls = 0;
  let missingItems = 0;
  let missingDebits = 0;
  for (const o of ok) {
    const roll = rollSet.has(`${o.userId}:${o.rollId}`);
    const item = itemSet.has(`${o.userId}:${o.itemId}`);
    const debit = debitSet.has(`${o.userId}:${o.balanceAfterFen}`);
    if (!roll) missingRolls++;
    if (!item) missingItems++;
    if (!debit) missingDebits++;
    if (!roll || !item || !debit) lost++;
  }
  return { checked: ok.length, lost, missingRolls, missingItems, missingDebits };
}

/** Openings (rolls) per player, to compare with the OK answers: more rolls than answers is a debit without an answer. */
export async function openingsOf(client: pg.Client, userIds: number[]): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    "SELECT count(*) AS n FROM rolls WHERE game = 'case' AND user_id = ANY($1::bigint[])",
    [userIds],
  );
  return Number(rows[0]!.n);
}

export function describeEffects(e: EffectsCheck): string {
  return `committed effects lost: ${e.lost} of ${e.checked} OK answers (missing rolls ${e.missingRolls}, items ${e.missingItems}, debits ${e.missingDebits})`;
}

export interface MoneyLoadCheck {
  effects: EffectsCheck;
  /** Openings in the database for the load's players. */
  openings: number;
  /** No internal error, no stuck key, no lost effect and one opening per OK answer. */
  passed: boolean;
}

/**
 * The money load's report and checks, the same in every drill: the answers by kind, the keys stuck, the OK
 * answers' effects on the surviving database, and the openings against the OK answers.
 */
export async function checkMoneyLoad(
  load: LoadResult,
  seconds: number,
  userIds: number[],
  withClient: <T>(work: (c: pg.Client) => Promise<T>) => Promise<T>,
  print: (line: string) => void,
): Promise<MoneyLoadCheck> {
  for (const line of describeLoad(load, seconds)) print(line);
  print(`keys stuck: ${load.stuck.length}`);
  const effects = await withClient((c) => findEffects(c, load.ok));
  print(describeEffects(effects));
  const openings = await withClient((c) => openingsOf(c, userIds));
  print(
    `openings in the database: ${openings}; OK answers: ${load.ok.length} (an opening without an answer: ${openings - load.ok.length})`,
  );
  const passed = load.attempts.internal === 0 && load.stuck.length === 0 && effects.lost === 0 && openings === load.ok.length;
  return { effects, openings, passed };
}
