import { useQuery } from '@tanstack/react-query';
import { skinSchema } from '@skinfair/contract';
import { pageQuery } from '../../../shared/api/page-query';
import { skinKeys } from './skin-keys';

export const SKIN_PAGE_SIZE = 24;

export interface SkinFilters {
  name: string;
  category: string;
  exterior: string;
  /** Grade 0 gold … 3 blue-grey; '' for any. */
  grade: string;
  /** In fen; '' for no bound. */
  priceMin: string;
  priceMax: string;
  /** 0 price high → low, 1 low → high, 2 name. */
  sort: number;
  page: number;
}

export const noSkinFilters: SkinFilters = { name: '', category: '', exterior: '', grade: '', priceMin: '', priceMax: '', sort: 0, page: 1 };

/** Only the filters actually set go on the wire. */
export function skinPageParams(filters: SkinFilters): Record<string, string | number> {
  const out: Record<string, string | number> = { page: filters.page, pageSize: SKIN_PAGE_SIZE, sort: filters.sort };
  for (const key of ['name', 'category', 'exterior', 'grade', 'priceMin', 'priceMax'] as const) {
    const value = filters[key].trim();
    if (value !== '') out[key] = value;
  }
  return out;
}

/** GET /api/skin/page: the catalogue, filtered, sorted and paged. */
export const skinPageQuery = (filters: SkinFilters) => {
  const params = skinPageParams(filters);
  return pageQuery({ queryKey: skinKeys.page(params), path: '/api/skin/page', params, item: skinSchema });
};

export const useSkinPage = (filters: SkinFilters) => useQuery(skinPageQuery(filters));
