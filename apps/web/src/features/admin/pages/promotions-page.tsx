import { useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { roleHasPermission } from '@skinfair/contract';
import { useAdminMe } from '../api/session';
import { usePromotionsT, type PromotionsMessageId } from '../i18n/promotions-messages';
import { GoldenCodesTab } from '../components/promotions/golden-codes-tab';
import { VouchersTab } from '../components/promotions/vouchers-tab';
import { PromotionLevelsTab, VipLadderTab } from '../components/promotions/ladder-tab';
import { FirstDepositTab } from '../components/promotions/first-deposit-tab';

const TABS = ['codes', 'coupons', 'redPackets', 'vip', 'levels', 'firstDeposit'] as const;
type Tab = (typeof TABS)[number];

/**
 * Issue 16 §8: Golden Codes, coupons, red packets, the VIP ladder, promotion levels and the first-deposit
 * rate, one tab each (the tab is in the address, so a link opens it). promotions.read shows everything;
 * promotions.write adds the controls that change something (the server checks it on every call).
 */
export default function PromotionsPage() {
  const t = usePromotionsT();
  const me = useAdminMe();
  const [search, setSearch] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(search.get('tab') ?? '') ? (search.get('tab') as Tab) : 'codes';
  const canWrite = me.data ? roleHasPermission(me.data.role, 'promotions.write') : false;
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const select = (next: Tab) => setSearch({ tab: next }, { replace: true });
  // Arrow keys move between tabs (WAI-ARIA tabs pattern); Tab moves into the panel.
  const onKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const i = TABS.indexOf(tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = TABS[(i + step + TABS.length) % TABS.length]!;
    select(next);
    refs.current[TABS.indexOf(next)]?.focus();
  };

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('promo.title')}</h1>
      <div role="tablist" aria-label={t('promo.tabs')} className="flex flex-wrap gap-1 border-b border-line">
        {TABS.map((name, i) => (
          <button
            key={name}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            onKeyDown={onKey}
            id={`promo-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`promo-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className={`rounded-t px-3 py-1.5 text-sm ${tab === name ? 'bg-panel-2 font-semibold text-white' : 'text-slate-300 hover:bg-panel-2'}`}
            onClick={() => select(name)}
          >
            {t(`promo.tab.${name}` as PromotionsMessageId)}
          </button>
        ))}
      </div>
      {me.data && !canWrite ? <p className="text-sm text-slate-400">{t('promo.readOnly')}</p> : null}
      <div role="tabpanel" id={`promo-panel-${tab}`} aria-labelledby={`promo-tab-${tab}`}>
        {tab === 'codes' ? <GoldenCodesTab canWrite={canWrite} /> : null}
        {tab === 'coupons' ? <VouchersTab key="coupons" voucherType={1} canWrite={canWrite} /> : null}
        {tab === 'redPackets' ? <VouchersTab key="redPackets" voucherType={0} canWrite={canWrite} /> : null}
        {tab === 'vip' ? <VipLadderTab canWrite={canWrite} /> : null}
        {tab === 'levels' ? <PromotionLevelsTab canWrite={canWrite} /> : null}
        {tab === 'firstDeposit' ? <FirstDepositTab canWrite={canWrite} /> : null}
      </div>
    </section>
  );
}
