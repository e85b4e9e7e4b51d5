import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  adminCatalogDetailSchema,
  adminCatalogPage,
  adminShopPage,
  adminShopStockSchema,
  itemImportApplySchema,
  itemImportPreviewSchema,
  itemPriceEffectSchema,
  recoveryRuleSchema,
} from '@skinfair/contract';
import { adminKeys } from './admin-keys';
import { adminRequest } from './admin-client';
import { adminDetailQuery, adminPageQuery, useAdminChange } from './admin-query';

/** The Items and prices screen's calls (issue 16 screen 4): /api/admin/items/*. */

export interface CatalogFilters {
  /** An id, or part of the Chinese or market hash name; '' for all. */
  search: string;
  category: string;
  weapon: string;
  rarity: string;
  /** -1 all, 0 not in the shop, 1 in the shop. */
  inShop: number;
  /** Fen, or '' for no bound (the page parses the yuan the operator types). */
  priceMinFen: number | '';
  priceMaxFen: number | '';
  page: number;
}

export const catalogQuery = (filters: CatalogFilters) =>
  adminPageQuery([...adminKeys.all, 'items', filters], '/api/admin/items', filters, adminCatalogPage);
export const useCatalog = (filters: CatalogFilters) => useQuery(catalogQuery(filters));

export const useCatalogItem = (id: number | null) =>
  useQuery(adminDetailQuery([...adminKeys.all, 'items', 'detail', id], '/api/admin/items/detail', { id }, adminCatalogDetailSchema));

/** `shopPriceFen`: the item's shop line re-priced in the same change (decision 0051); left out, it keeps its price. */
export const useSetItemPrice = () =>
  useAdminChange((p: { id: number; priceFen: number; shopPriceFen?: number; reason: string }) =>
    adminRequest('POST', '/api/admin/items/price', p, adminCatalogDetailSchema),
  );

/** What a price edit would do (shop price, sell-back, boxes' returns), recomputed as the operator types. */
export const usePriceEffect = (p: { id: number; priceFen: number | null; shopPriceFen: number | undefined }) =>
  useQuery({
    queryKey: [...adminKeys.all, 'items', 'priceEffect', p] as const,
    queryFn: () =>
      adminRequest(
        'GET',
        '/api/admin/items/priceEffect',
        { id: p.id, priceFen: p.priceFen, ...(p.shopPriceFen !== undefined ? { shopPriceFen: p.shopPriceFen } : {}) },
        itemPriceEffectSchema,
      ),
    enabled: p.priceFen !== null && p.priceFen > 0,
    placeholderData: keepPreviousData,
  });

/** A preview writes no price, so it refreshes nothing. */
export const useImportPreview = () =>
  useMutation({
    mutationFn: (p: { format: 'csv' | 'json' } & ({ content: string } | { contentBase64: string })) =>
      adminRequest('POST', '/api/admin/items/importPreview', p, itemImportPreviewSchema),
  });

export const useImportApply = () =>
  useAdminChange((p: { previewId: string }) => adminRequest('POST', '/api/admin/items/importApply', p, itemImportApplySchema));

export const useRecoveryRule = () =>
  useQuery({
    queryKey: [...adminKeys.all, 'items', 'recoveryRule'] as const,
    queryFn: () => adminRequest('GET', '/api/admin/items/recoveryRule', {}, recoveryRuleSchema),
  });

export const useSetRecoveryRule = () =>
  useAdminChange((p: { rateBp: number; reason: string }) => adminRequest('POST', '/api/admin/items/recoveryRule', p, recoveryRuleSchema));

export interface ShopFilters {
  search: string;
  /** -1 all, 0 disabled, 1 enabled. */
  enabled: number;
  page: number;
}

export const useShopStock = (filters: ShopFilters) =>
  useQuery(adminPageQuery([...adminKeys.all, 'items', 'shop', filters], '/api/admin/items/shop', filters, adminShopPage));

export const useUpdateShopStock = () =>
  useAdminChange((p: { id: number; stock?: number; enabled?: boolean; priceFen?: number }) =>
    adminRequest('POST', '/api/admin/items/shop/update', p, adminShopStockSchema),
  );

export const useAddShopStock = () =>
  useAdminChange((p: { itemId: number; stock: number; priceFen?: number }) =>
    adminRequest('POST', '/api/admin/items/shop/add', p, adminShopStockSchema),
  );
