import { useQuery } from '@tanstack/react-query';
import { dreamTargetSchema } from '@skinfair/contract';
import { pageQuery } from '../../../shared/api/page-query';
import { dreamKeys } from './dream-keys';

export const TARGET_PAGE_SIZE = 12;

export interface DreamTargetFilters {
  giftName: string;
  exterior: string;
  /** Grade 0 gold … 3 blue; '' for any. */
  rarity: string;
  type: string;
  orderByPrice: 'asc' | 'desc';
  /** In fen; '' for no bound. */
  priceStart: string;
  priceEnd: string;
  page: number;
}

export const noTargetFilters: DreamTargetFilters = {
  giftName: '',
  exterior: '',
  rarity: '',
  type: '',
  orderByPrice: 'asc',
  priceStart: '',
  priceEnd: '',
  page: 1,
};

/** Only the filters actually set go on the wire (the contract reads '' as "any" too, but the URL stays short). */
function params(filters: DreamTargetFilters): Record<string, string | number> {
  const out: Record<string, string | number> = {
    page: filters.page,
    pageSize: TARGET_PAGE_SIZE,
    orderByPrice: filters.orderByPrice,
  };
  for (const key of ['giftName', 'exterior', 'rarity', 'type', 'priceStart', 'priceEnd'] as const) {
    const value = filters[key].trim();
    if (value !== '') out[key] = value;
  }
  return out;
}

/** GET /api/upgrade/page: the possible targets, filtered, sorted by price and paged. */
export const dreamTargetsQuery = (filters: DreamTargetFilters) => {
  const p = params(filters);
  return pageQuery({ queryKey: dreamKeys.targets(p), path: '/api/upgrade/page', params: p, item: dreamTargetSchema });
};

export const useDreamTargets = (filters: DreamTargetFilters) => useQuery(dreamTargetsQuery(filters));
