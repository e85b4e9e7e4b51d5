import { useState } from 'react';
import { useItemsT } from '../i18n/items-messages';
import { useAdminMe } from '../api/session';
import { CatalogueTab } from '../components/items/catalogue-tab';
import { ImportTab } from '../components/items/import-tab';
import { RecoveryRuleTab } from '../components/items/recovery-rule-tab';
import { ShopTab } from '../components/items/shop-tab';
import { buttonClass, primaryButtonClass } from '../components/styles';
import { ConsoleTabs } from '../components/console-tabs';
import { ConsolePage } from '../components/console-page';

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
    <ConsolePage title={t('items.title')}>
      <ConsoleTabs
        id="items"
        label={t('items.tabs')}
        tabs={TABS}
        active={tab}
        onSelect={setTab}
        tabLabel={(name) => t(`items.tab.${name}`)}
        listClass="flex flex-wrap gap-2"
        tabClass={(selected) => (selected ? primaryButtonClass : buttonClass)}
      >
        {tab === 'catalogue' ? <CatalogueTab canWrite={canWrite} /> : null}
        {tab === 'import' ? <ImportTab canWrite={canWrite} /> : null}
        {tab === 'rule' ? <RecoveryRuleTab canWrite={canWrite} /> : null}
        {tab === 'shop' ? <ShopTab canWrite={canWrite} /> : null}
      </ConsoleTabs>
    </ConsolePage>
  );
}
