import { Link } from 'react-router';
import { useT } from '../../../shared/i18n/use-t';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { useShopPage } from '../api/get-shop-page';
import { defaultShopFilters, shopQueryParams } from '../shop-params';
import { ShopCard } from './shop-card';

/** The /home 商城 tab: a compact first page linking to /shop (app/ passes this into the home page). */
export default function ShopPreview() {
  const t = useT();
  const { data, isPending } = useShopPage(shopQueryParams(defaultShopFilters, 12));
  if (isPending) return <PageFallback />;
  if (!data || data.pageData.length === 0) return <EmptyState message={t('empty.shop')} />;
  return (
    <div className="flex flex-col gap-3" data-testid="home-shop">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
        {data.pageData.map((item) => (
          <ShopCard key={item.id} item={item} />
        ))}
      </ul>
      <Link to="/shop" className="self-center rounded-lg border border-line px-5 py-2 text-sm text-accent-cyan hover:bg-panel-2">
        {t('shop.viewAll')}
      </Link>
    </div>
  );
}
