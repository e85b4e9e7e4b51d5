import { useState } from 'react';
import { useItemsT } from '../i18n/items-messages';
import { useAdminMe } from '../api/session';
import { CatalogueTab } from '../components/items/catalogue-tab';
import { ImportTab } from '../components/items/import-tab';
import { RecoveryRuleTab } from '../components/items/recovery-rule-tab';
import { ShopTab } from '../components/items/shop-tab';
import { buttonClass, primaryButtonClass } from '../components/styles';

const TABS = ['catalogue', 'import', 'rule', 'shop'] as const;
type Tab = (typeof TABS)[number];

function useCanWrite() {
  const me = useAdminMe();
  return me.data ? me.data.permissions.includes('items.write') : false;
}

/**
 * Issue 16 §4: the catalogue with filters and price history, one item's price, price-list imports
 * (preview, then apply exactly what was previewed), the recovery price rule and the shop's stock.
 */
export default function ItemsPage() {
  const t = useItemsT();
  const canWrite = useCanWrite();
  const [tab, setTab] = useState<Tab>('catalogue');
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('items.title')}</h1>
      <div role="tablist" aria-label={t('items.tabs')} className="flex flex-wrap gap-2">
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`items-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`items-panel-${name}`}
            className={tab === name ? primaryButtonClass : buttonClass}
            onClick={() => setTab(name)}
          >
            {t(`items.tab.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`items-panel-${tab}`} aria-labelledby={`items-tab-${tab}`}>
        {tab === 'catalogue' ? <CatalogueTab canWrite={canWrite} /> : null}
        {tab === 'import' ? <ImportTab canWrite={canWrite} /> : null}
        {tab === 'rule' ? <RecoveryRuleTab canWrite={canWrite} /> : null}
        {tab === 'shop' ? <ShopTab canWrite={canWrite} /> : null}
      </div>
    </section>
  );
}
