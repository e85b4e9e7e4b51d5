import { afterEach, vi } from 'vitest';
import type { AdminCatalogDetail, AdminCatalogItem } from '@skinfair/contract';
import { renderAdmin } from '../testing';

/** What the items screen's two test files share: the operator, one catalogue item and the recovery rule. */
export function resetAfterEach(): void {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    sessionStorage.clear();
  });
}

export const who = { id: 7, name: 'pricer' };
export const redline: AdminCatalogItem = {
  id: 42,
  name: 'AK-47 | 红线 (久经沙场)',
  marketHashName: 'AK-47 | Redline (Field-Tested)',
  weaponName: 'AK-47',
  category: 'rifle',
  rarity: 'classified',
  grade: 2,
  exterior: 'FT',
  statTrak: false,
  image: null,
  referencePriceFen: 12_345,
  recoveryPriceFen: 12_345,
  inShop: true,
};
export const detailOf = (item: AdminCatalogItem, history: AdminCatalogDetail['history'] = []): AdminCatalogDetail => ({
  ...item,
  boxCount: 3,
  history,
});
export const rule = { rateBp: 8_000, minBp: 5_000, maxBp: 10_000 };

export const renderAt = (path: string) => renderAdmin(path, { token: 'op_whole' });
