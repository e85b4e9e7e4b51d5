import type { Db } from '../platform/db/client.js';
import { ensureHouseAccounts } from '../platform/ledger/index.js';
import { ensureDefaultSettings } from '../features/common/index.js';
import { seedCatalogue } from './catalogue.js';

/** Rows every database needs (house accounts, settings, the catalogue). Idempotent; runs at every start. */
export async function ensureBaseRows(db: Db): Promise<void> {
  await ensureHouseAccounts(db);
  await ensureDefaultSettings(db);
  await seedCatalogue(db);
}
