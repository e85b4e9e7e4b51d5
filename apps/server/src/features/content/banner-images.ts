import { isNotNull } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { banners } from './tables.js';

/** The image paths of every banner, shown or not (the home page's first screen). */
export async function bannerImagePaths(ex: Executor): Promise<string[]> {
  const rows = await ex.selectDistinct({ image: banners.image }).from(banners).where(isNotNull(banners.image));
  return rows.map((r) => r.image).filter((p): p is string => !!p);
}
