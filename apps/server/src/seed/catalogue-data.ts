import fs from 'node:fs';
import path from 'node:path';
import { serverPaths } from '../platform/paths.js';

/**
 * The shipped CS2 catalogue (MIT, @ianlucas/cs2-lib; see cs2-data/LICENSE-cs2-lib.txt and NOTICE).
 * Read lazily: it is only needed when seeding.
 */
export interface CatalogueItem {
  id: number;
  name: string;
  nameZh: string;
  phase: string | null;
  phaseZh: string | null;
  weaponZh: string;
  rarity: string;
  category: string;
  shopFilter: string | null;
  rarityColor: string;
  grade: number;
  exteriors: string[];
  statTrak: boolean;
  image: string;
}

export interface CatalogueCase {
  id: number;
  name: string;
  nameZh: string;
  kind: string;
  image: string;
  contents: number[];
  specials: number[];
}

const dataFile = (name: string) => path.join(serverPaths.catalogueData, name);
const readJson = <T>(name: string): T => JSON.parse(fs.readFileSync(dataFile(name), 'utf8')) as T;

export const loadItems = () => readJson<{ items: CatalogueItem[] }>('cs2-items.json').items;
export const loadCases = () => readJson<{ cases: CatalogueCase[] }>('cs2-cases.json').cases;
export const loadDemoPrices = () => readJson<{ prices: Record<string, number> }>('cs2-demo-prices.json').prices;

/** The Field-Tested price when the item has it, else its first exterior, else the vanilla key. */
export function referencePriceFen(item: CatalogueItem, prices: Record<string, number>): number | null {
  const wear = item.exteriors.includes('FT') ? 'FT' : item.exteriors[0];
  const key = wear ? `${item.id}:${wear}` : String(item.id);
  return prices[key] ?? null;
}
