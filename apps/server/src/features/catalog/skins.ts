import { skinRarityColour, toPage, type Skin, type SkinDetail, type SkinPageParams } from '@skinfair/contract';
import type { Executor } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { boxesHolding, itemsByIds, pageSkins, type ItemRow } from './repo.js';

const toSkin = (item: ItemRow): Skin => ({
  id: item.id,
  name: item.name,
  weaponName: item.weaponName,
  image: item.image,
  category: item.category,
  exterior: item.exterior,
  statTrak: item.statTrak,
  rarity: item.rarity,
  rarityColor: skinRarityColour(item.rarity),
  grade: item.grade,
  referencePrice: item.referencePriceFen,
  recoveryPrice: item.recoveryPriceFen,
});

/** Spec §2 /skin: the catalogue with search and filters. */
export async function skinPage(ex: Executor, q: SkinPageParams) {
  const { rows, totalRows } = await pageSkins(
    ex,
    {
      name: q.name,
      category: q.category,
      exterior: q.exterior,
      grade: q.grade,
      priceMinFen: q.priceMin,
      priceMaxFen: q.priceMax,
      sort: q.sort,
    },
    q.page,
    q.pageSize,
  );
  return toPage(rows.map(toSkin), q.page, q.pageSize, totalRows);
}

/**
 * An item and where to try for it: every enabled box whose published version holds it, with the chance
 * per opening (its weights / 100000, PF v1 §5), so the numbers match the box page's odds exactly.
 */
export async function skinDetail(ex: Executor, itemId: number): Promise<SkinDetail> {
  const [item] = await itemsByIds(ex, [itemId]);
  if (!item) throw new AppError('NOT_FOUND', `item ${itemId}`);
  const holding = await boxesHolding(ex, itemId);
  return {
    ...toSkin(item),
    boxes: holding.map(({ box, weight }) => ({
      boxId: box.id,
      boxName: box.name,
      boxImage: box.image,
      openPrice: box.priceFen,
      weight,
      probability: weight / 100_000,
    })),
  };
}
