import { useSearchParams } from 'react-router';
import { roleHasPermission } from '@skinfair/contract';
import { useAdminMe } from '../api/session';
import { usePromotionsT, type PromotionsMessageId } from '../i18n/promotions-messages';
import { GoldenCodesTab } from '../components/promotions/golden-codes-tab';
import { VouchersTab } from '../components/promotions/vouchers-tab';
import { PromotionLevelsTab, VipLadderTab } from '../components/promotions/ladder-tab';
import { FirstDepositTab } from '../components/promotions/first-deposit-tab';
import { DailyTopUpTab } from '../components/promotions/daily-topup-tab';
import { DefaultInvitationTab } from '../components/promotions/default-invitation-tab';
import { ConsoleTabs } from '../components/console-tabs';
import { ConsolePage } from '../components/console-page';

const TABS = ['codes', 'coupons', 'redPackets', 'vip', 'levels', 'firstDeposit', 'dailyTopUp', 'invitation'] as const;
type Tab = (typeof TABS)[number];

/**
 * Issue 16 §8: Golden Codes, coupons, red packets, the VIP ladder, promotion levels and the first-deposit
 * rate; issue 27 §5: the daily top-up tiers and the default invitation code. One tab each (the tab is in
 * the address, so a link opens it). promotions.read shows everything; promotions.write adds the controls
 * that change something (the server checks it on every call).
 */
export default function PromotionsPage() {
  const t = usePromotionsT();
  const me = useAdminMe();
  const [search, setSearch] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(search.get('tab') ?? '') ? (search.get('tab') as Tab) : 'codes';
  const canWrite = me.data ? roleHasPermission(me.data.role, 'promotions.write') : false;
  const select = (next: Tab) => setSearch({ tab: next }, { replace: true });

  return (
    <ConsolePage title={t('promo.title')}>
      {me.data && !canWrite ? <p className="text-sm text-slate-400">{t('promo.readOnly')}</p> : null}
      <ConsoleTabs
        id="promo"
        label={t('promo.tabs')}
        tabs={TABS}
        active={tab}
        onSelect={select}
        tabLabel={(name) => t(`promo.tab.${name}` as PromotionsMessageId)}
        listClass="flex flex-wrap gap-1 border-b border-line"
        tabClass={(selected) =>
          `rounded-t px-3 py-1.5 text-sm ${selected ? 'bg-panel-2 font-semibold text-white' : 'text-slate-300 hover:bg-panel-2'}`
        }
      >
        {tab === 'codes' ? <GoldenCodesTab canWrite={canWrite} /> : null}
        {tab === 'coupons' ? <VouchersTab key="coupons" voucherType={1} canWrite={canWrite} /> : null}
        {tab === 'redPackets' ? <VouchersTab key="redPackets" voucherType={0} canWrite={canWrite} /> : null}
        {tab === 'vip' ? <VipLadderTab canWrite={canWrite} /> : null}
        {tab === 'levels' ? <PromotionLevelsTab canWrite={canWrite} /> : null}
        {tab === 'firstDeposit' ? <FirstDepositTab canWrite={canWrite} /> : null}
        {tab === 'dailyTopUp' ? <DailyTopUpTab canWrite={canWrite} /> : null}
        {tab === 'invitation' ? <DefaultInvitationTab canWrite={canWrite} /> : null}
      </ConsoleTabs>
    </ConsolePage>
  );
}
