import { Suspense, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useT } from '../../../shared/i18n/use-t';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { AccountPage } from '../../../shared/ui/page-shell';
import { Segmented } from '../../../shared/ui/segmented';
import { FlowRecords } from '../components/flow-records';
import { PaymentRecords } from '../components/payment-records';
import { PersonalNav } from '../components/personal-nav';

const tabs = ['flow', 'payment', 'purchase', 'open', 'retrieval'] as const;
type Tab = (typeof tabs)[number];
const isTab = (value: string | null): value is Tab => tabs.includes(value as Tab);

interface FlowPageProps {
  /** The recharge feature's order card for ?orderId= (where the sandbox checkout lands). */
  orderStatus?: ReactNode;
  /** The backpack feature's record lists (购买 / 开箱 / 提取记录), passed in by app/. */
  records?: Partial<Record<'purchase' | 'open' | 'retrieval', ReactNode>>;
}

/**
 * Spec §2 /personal/flow, the record centre (spec §2 "purchase, balance, flow, game, retrieval records"):
 * 流水记录 and 充值记录 here; 购买、开箱 (game) and 提取记录 are the backpack's lists. ?tab= picks a tab.
 */
export default function FlowPage({ orderStatus, records = {} }: FlowPageProps) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = isTab(raw) ? raw : 'flow';
  const select = (next: Tab) => {
    if (next === 'flow') params.delete('tab');
    else params.set('tab', next);
    setParams(params, { replace: true });
  };
  const other = tab === 'purchase' || tab === 'open' || tab === 'retrieval' ? tab : null;
  return (
    <AccountPage titleId="title.personalFlow" nav={<PersonalNav />}>
      {orderStatus}
      <Segmented<Tab>
        label={t('flow.tabs')}
        options={tabs.map((value) => ({ value, label: t(`flow.tab.${value}`) }))}
        value={tab}
        onChange={select}
        testId="flow-tabs"
      />
      {tab === 'flow' ? <FlowRecords /> : null}
      {tab === 'payment' ? <PaymentRecords /> : null}
      {other ? (
        <Suspense fallback={<PageFallback />}>
          {records[other] ?? (
            <Link to="/personal/bag" className="text-accent-cyan hover:underline">
              {t('title.personalBag')}
            </Link>
          )}
        </Suspense>
      ) : null}
    </AccountPage>
  );
}
