import { useState } from 'react';
import { useT } from '../../../shared/i18n/use-t';
import { SANDBOX_CREDIT_FEN } from '../../../shared/api/sandbox-credit';
import { SandboxCreditButton } from '../../../shared/ui/sandbox-credit-button';
import { Segmented } from '../../../shared/ui/segmented';
import { BackpackItems } from './backpack-items';
import { OpenRecords, PurchaseRecords, RetrievalRecords } from './records';

type Tab = 'items' | 'open' | 'purchase' | 'retrieval';

/** The /personal/bag body (app/ passes it into the personal page): backpack and the record centre. */
export default function BackpackPanel() {
  const t = useT();
  const [tab, setTab] = useState<Tab>('items');
  return (
    <div className="flex flex-col gap-4" data-testid="backpack">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Segmented<Tab>
          label={t('bag.tabs')}
          options={[
            { value: 'items', label: t('bag.tab.items') },
            { value: 'open', label: t('bag.tab.open') },
            { value: 'purchase', label: t('bag.tab.purchase') },
            { value: 'retrieval', label: t('bag.tab.retrieval') },
          ]}
          value={tab}
          onChange={setTab}
          testId="bag-tabs"
        />
        <SandboxCreditButton neededFen={SANDBOX_CREDIT_FEN} />
      </div>
      {tab === 'items' ? <BackpackItems /> : null}
      {tab === 'open' ? <OpenRecords /> : null}
      {tab === 'purchase' ? <PurchaseRecords /> : null}
      {tab === 'retrieval' ? <RetrievalRecords /> : null}
    </div>
  );
}
