import { limits, type shopCategories } from '@skinfair/contract';

export type ShopCategory = (typeof shopCategories)[number];
export type ShopSort = 0 | 1 | 2;

export interface ShopFilters {
  page: number;
  sort: ShopSort;
  /** null = 全部. */
  category: ShopCategory | null;
  /** The search text as typed; trimmed, and left out when empty. */
  name: string;
}

export const defaultShopFilters: ShopFilters = { page: 1, sort: 0, category: null, name: '' };

export interface ShopQuery {
  page: number;
  pageSize: number;
  sort: ShopSort;
  category?: ShopCategory;
  name?: string;
}

/** GET /api/shop/page parameters: category omitted for all, name omitted when blank (max 40 characters). */
export function shopQueryParams(filters: ShopFilters, pageSize: number = limits.defaultPageSize): ShopQuery {
  const query: ShopQuery = { page: Math.max(1, filters.page), pageSize, sort: filters.sort };
  if (filters.category) query.category = filters.category;
  const name = filters.name.trim().slice(0, 40);
  if (name) query.name = name;
  return query;
}
