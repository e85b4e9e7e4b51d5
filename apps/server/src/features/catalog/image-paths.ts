import { isNotNull } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { boxes, items } from './tables.js';

/** Every image path the catalogue names (item variants, boxes and their weapon pictures), each once. */
export async function catalogueImagePaths(ex: Executor): Promise<string[]> {
  const itemRows = await ex.selectDistinct({ image: items.image }).from(items).where(isNotNull(items.image));
  const boxRows = await ex.select({ image: boxes.image, weaponImage: boxes.weaponImage }).from(boxes);
  const paths = [...itemRows.map((r) => r.image), ...boxRows.flatMap((r) => [r.image, r.weaponImage])];
  return [...new Set(paths.filter((p): p is string => !!p))];
}
