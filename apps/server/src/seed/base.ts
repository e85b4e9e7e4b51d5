import type { Db } from '../platform/db/client.js';
import { ensureHouseAccounts } from '../platform/ledger/index.js';
import { ensureDefaultSettings } from '../features/common/index.js';
import { randomBytes } from 'node:crypto';
import { seedCatalogue } from './catalogue.js';
import { seedChannels } from '../features/payments/index.js';
import { seedVipGrades } from '../features/vip/index.js';
import { seedPromotion } from '../features/promotion/index.js';
import { seedVirtualGoods } from '../features/virtual-goods/index.js';
import { seedEvents } from '../features/events/index.js';

/** Rows every database needs (house accounts, settings, the catalogue). Idempotent; runs at every start. */
export async function ensureBaseRows(db: Db): Promise<void> {
  await ensureHouseAccounts(db);
  await ensureDefaultSettings(db);
  await seedCatalogue(db);
  // A fresh random secret per database for the sandbox channel; real channels get the gateway's key.
  await seedChannels(db, randomBytes(32).toString('hex'));
  await seedVipGrades(db);
  await seedPromotion(db);
  await seedVirtualGoods(db);
  await seedEvents(db);
}
