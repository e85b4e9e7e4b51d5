import type { Db } from '../platform/db/client.js';
import { runInTransaction } from '../platform/db/tx.js';
import { countItems, insertBox, insertTheme, publishBoxVersion, upsertItems, variantKey } from '../features/catalog/index.js';
import { insertShopStock } from '../features/shop/index.js';
import { loadCases, loadDemoPrices, loadItems, type CatalogueCase, type CatalogueItem } from './catalogue-data.js';
import { boxWeights, priceForReturn, splitTier, type PricedDrop } from './box-odds.js';

/**
 * The product's catalogue, seeded once into an empty database (also into the test template): item
 * variants from the shipped CS2 data with demo prices, the 42 real weapon cases as boxes with CS2's
 * tier odds, four themed boxes, a daily free box and a shop stock.
 */
const EXTERIOR_ZH: Record<string, string> = { FN: '崭新出厂', MW: '略有磨损', FT: '久经沙场', WW: '破损不堪', BS: '战痕累累' };
const HOUSE_RETURN_BP = 9_000; // boxes pay back 90 % on average (docs/decisions/0010)

interface Variant {
  item: CatalogueItem;
  exterior: string | null;
  statTrak: boolean;
  priceFen: number;
}

function variant(item: CatalogueItem, prices: Record<string, number>, exterior?: string, statTrak = false): Variant | null {
  const wear = exterior ?? (item.exteriors.includes('FT') ? 'FT' : item.exteriors[0]) ?? null;
  const key = `${wear ? `${item.id}:${wear}` : String(item.id)}${statTrak ? ':st' : ''}`;
  const priceFen = prices[key];
  return priceFen ? { item, exterior: wear, statTrak, priceFen } : null;
}

const variantName = (v: Variant) =>
  `${v.statTrak ? 'StatTrak™ ' : ''}${v.item.nameZh}${v.item.phaseZh ? ` (${v.item.phaseZh})` : ''}${v.exterior ? ` (${EXTERIOR_ZH[v.exterior]})` : ''}`;

function toRow(v: Variant) {
  return {
    templateId: v.item.id,
    exterior: v.exterior,
    statTrak: v.statTrak,
    name: variantName(v),
    weaponName: v.item.weaponZh,
    category: v.item.category,
    shopFilter: v.item.shopFilter,
    rarity: v.item.rarity,
    grade: v.item.grade,
    image: v.item.image,
    referencePriceFen: v.priceFen,
    recoveryPriceFen: v.priceFen,
  };
}

const RARITY_TIERS: Array<[string, number]> = [
  ['milspec', 79_920],
  ['restricted', 15_980],
  ['classified', 3_200],
  ['covert', 640],
];

/** CS2's published case odds by tier (TV2 of provably-fair.md), specials sharing 0.26 %. */
function caseDrops(
  box: CatalogueCase,
  byId: Map<number, CatalogueItem>,
  prices: Record<string, number>,
): Array<Variant & { weight: number }> {
  const tiers: Array<[Variant[], number]> = RARITY_TIERS.map(([rarity, w]) => [
    box.contents
      .map((id) => byId.get(id))
      .filter((i): i is CatalogueItem => i?.rarity === rarity)
      .map((i) => variant(i, prices))
      .filter((v): v is Variant => v !== null),
    w,
  ]);
  const specials = box.specials
    .map((id) => byId.get(id))
    .filter((i): i is CatalogueItem => !!i)
    .map((i) => variant(i, prices))
    .filter((v): v is Variant => v !== null);
  tiers.push([specials, 260]);
  return splitTier(tiers.filter(([list]) => list.length > 0));
}

export async function seedCatalogue(db: Db): Promise<void> {
  if ((await countItems(db)) > 0) return;
  const catalogue = loadItems();
  const byId = new Map(catalogue.map((i) => [i.id, i]));
  const prices = loadDemoPrices();
  const cases = loadCases().filter((c) => c.kind === 'case');
  await runInTransaction(db, async ({ tx }) => {
    const caseBoxes = cases.map((c) => ({ box: c, drops: caseDrops(c, byId, prices) }));
    const themed = themedBoxes(catalogue, prices);
    const shop = shopVariants(catalogue, prices);
    const all = [...caseBoxes.flatMap((c) => c.drops), ...themed.flatMap((b) => b.drops), ...shop];
    const ids = await upsertItems(tx, all.map(toRow));
    const idOf = (v: Variant) => ids.get(variantKey(v.item.id, v.exterior, v.statTrak))!;

    await insertTheme(tx, { id: 1, name: '热门武器箱', boxType: 1, weight: 1 });
    await insertTheme(tx, { id: 2, name: '特色箱子', boxType: 1, weight: 2 });
    await insertTheme(tx, { id: 3, name: '经典武器箱', boxType: 1, weight: 3 });
    await insertTheme(tx, { id: 9, name: '免费箱子', boxType: 0, weight: 9 });

    const newest = new Set(cases.slice(-12).map((c) => c.id));
    let weight = 0;
    for (const { box, drops } of caseBoxes.reverse()) {
      await createBox(
        tx,
        { name: box.nameZh, image: box.image, themeId: newest.has(box.id) ? 1 : 3, boxType: 1, weight: weight++ },
        drops,
        idOf,
      );
    }
    for (const b of themed)
      await createBox(
        tx,
        { name: b.name, image: b.image, themeId: b.free ? 9 : 2, boxType: b.free ? 0 : 1, weight: weight++ },
        b.drops,
        idOf,
      );
    let shopWeight = 0;
    for (const v of shop) {
      await insertShopStock(tx, {
        itemId: idOf(v),
        priceFen: Math.ceil((v.priceFen * 105) / 100),
        stock: 1 + (v.item.id % 20),
        weight: shopWeight++,
      });
    }
  });
}

async function createBox(
  tx: Parameters<typeof publishBoxVersion>[0],
  meta: { name: string; image: string | null; themeId: number; boxType: number; weight: number },
  drops: Array<Variant & { weight: number }>,
  idOf: (v: Variant) => number,
) {
  const priced: PricedDrop[] = drops.map((d) => ({ itemId: idOf(d), weight: d.weight, recoveryPriceFen: d.priceFen }));
  const price = priceForReturn(priced, HOUSE_RETURN_BP);
  const box = await insertBox(tx, { ...meta, weaponImage: null, priceFen: price, currentVersion: 1 });
  await publishBoxVersion(tx, box.id, priced, price);
}

/** Four boxes around one weapon family, and a daily free box of cheap skins. */
function themedBoxes(catalogue: CatalogueItem[], prices: Record<string, number>) {
  const pick = (filter: (i: CatalogueItem) => boolean, count: number) => {
    const found = catalogue
      .filter(filter)
      .map((i) => variant(i, prices))
      .filter((v): v is Variant => v !== null);
    found.sort((a, b) => a.priceFen - b.priceFen);
    const step = Math.max(1, Math.floor(found.length / count));
    return found.filter((_, i) => i % step === 0).slice(0, count);
  };
  const spec = [
    { name: '匕首之魂', filter: (i: CatalogueItem) => i.shopFilter === 'dagger' || i.rarity === 'milspec', count: 24 },
    { name: '手套收藏家', filter: (i: CatalogueItem) => i.category === 'gloves' || i.rarity === 'restricted', count: 22 },
    { name: 'AWP 狙神', filter: (i: CatalogueItem) => i.shopFilter === 'awp', count: 18 },
    { name: 'AK 传奇', filter: (i: CatalogueItem) => i.shopFilter === 'ak', count: 18 },
  ];
  const boxes = spec.map((s) => {
    const drops = pick(s.filter, s.count);
    return { name: s.name, image: drops.at(-1)?.item.image ?? null, free: false, drops: boxWeights(drops) };
  });
  const cheap = pick((i) => i.rarity === 'milspec' || i.rarity === 'industrial' || i.rarity === 'consumer', 12).filter(
    (v) => v.priceFen <= 500,
  );
  boxes.push({ name: '每日免费箱', image: cheap.at(-1)?.item.image ?? null, free: true, drops: boxWeights(cheap) });
  return boxes;
}

/** The shop's stock: a spread of each filter of spec §2, in two exteriors where they exist. */
function shopVariants(catalogue: CatalogueItem[], prices: Record<string, number>): Variant[] {
  const out: Variant[] = [];
  for (const filter of ['dagger', 'awp', 'm4', 'ak', 'pistol']) {
    const items = catalogue.filter((i) => i.shopFilter === filter && !i.phase);
    const step = Math.max(1, Math.floor(items.length / 24));
    for (const item of items.filter((_, i) => i % step === 0).slice(0, 24)) {
      for (const wear of ['FN', 'FT']) {
        const v = item.exteriors.includes(wear)
          ? variant(item, prices, wear)
          : item.exteriors.length === 0 && wear === 'FN'
            ? variant(item, prices)
            : null;
        if (v) out.push(v);
      }
    }
  }
  return out;
}
