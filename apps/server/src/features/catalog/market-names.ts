import { loadItems, type CatalogueItem } from '../../seed/catalogue-data.js';

/**
 * Steam market hash names of item variants ("StatTrak™ AK-47 | Redline (Field-Tested)"), derived from the
 * shipped CS2 catalogue (its `marketName` per template) plus the variant's exterior and StatTrak flag, so
 * the items table needs no second copy of them. Phases (Doppler and friends) share a market hash name:
 * a price list cannot tell them apart by name, only by id.
 */
const EXTERIOR_EN: Record<string, string> = {
  FN: 'Factory New',
  MW: 'Minimal Wear',
  FT: 'Field-Tested',
  WW: 'Well-Worn',
  BS: 'Battle-Scarred',
};

let templates: Map<number, string> | null = null;

/** Template id → market name; read once (the file is 1.2 MB and never changes while the server runs). */
function marketNames(): Map<number, string> {
  // The shipped file carries `marketName`; the seed's type leaves it out because seeding does not use it.
  templates ??= new Map(loadItems().map((i: CatalogueItem & { marketName?: string }) => [i.id, i.marketName ?? i.name]));
  return templates;
}

export function marketHashName(v: { templateId: number; exterior: string | null; statTrak: boolean }): string | null {
  const base = marketNames().get(v.templateId);
  if (!base) return null;
  const named = v.statTrak ? (base.startsWith('★ ') ? `★ StatTrak™ ${base.slice(2)}` : `StatTrak™ ${base}`) : base;
  const wear = v.exterior ? EXTERIOR_EN[v.exterior] : undefined;
  return wear ? `${named} (${wear})` : named;
}

/** The market-name key an import matches on: case and surrounding blanks do not count. */
export const marketKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
