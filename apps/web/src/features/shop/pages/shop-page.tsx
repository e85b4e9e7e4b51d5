import { useCallback, useState } from 'react';
import type { ShopItem } from '@skinfair/contract';
import { requireLogin } from '../../../shared/api/require-login';
import { useT } from '../../../shared/i18n/use-t';
import { PagedGrid } from '../../../shared/ui/paged-grid';
import { PageShell } from '../../../shared/ui/page-shell';
import { useShopPage } from '../api/get-shop-page';
import { BuyDialog } from '../components/buy-dialog';
import { ShopCard } from '../components/shop-card';
import { ShopFiltersBar } from '../components/shop-filters';
import { defaultShopFilters, shopQueryParams, type ShopFilters } from '../shop-params';

/** Spec §2 /shop: sort by default or price, category filter (dagger, AWP, M4, AK, pistol), name search. */
export default function ShopPage() {
  const t = useT();
  const [filters, setFilters] = useState<ShopFilters>(defaultShopFilters);
  const [buying, setBuying] = useState<ShopItem | null>(null);
  const query = useShopPage(shopQueryParams(filters));
  const onChange = useCallback((next: ShopFilters) => setFilters(next), []);

  return (
    <PageShell titleId="title.shop">
      <ShopFiltersBar filters={filters} onChange={onChange} />
      <PagedGrid
        query={query}
        empty={t('empty.shop')}
        onPage={(page) => setFilters((f) => ({ ...f, page }))}
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5"
        testId="shop-grid"
      >
        {(item) => <ShopCard key={item.id} item={item} onBuy={(it) => requireLogin() && setBuying(it)} />}
      </PagedGrid>
      {buying ? <BuyDialog item={buying} onClose={() => setBuying(null)} /> : null}
    </PageShell>
  );
}
