import { useState } from 'react';
import { toast } from '../../../shared/ui/toast';
import type { Voucher } from '@skinfair/contract';
import { Button } from '../../../shared/forms/fields';
import { useT } from '../../../shared/i18n/use-t';
import type { MessageId } from '../../../shared/i18n/zh-CN';
import { ListState } from '../../../shared/ui/list-state';
import { Pager } from '../../../shared/ui/pager';
import { Price, useMoney } from '../../../shared/ui/price';
import { Segmented } from '../../../shared/ui/segmented';
import { useClaimRedPackets } from '../api/claim-red-packets';
import { useCoupons } from '../api/get-coupons';
import { useRedPackets } from '../api/get-red-packets';
import { useVoucherPage } from '../api/get-voucher-page';
import { SectionCard } from './section-card';
import { formatDateTime } from '../../../shared/format/beijing-time';

type Kind = 'redPackets' | 'coupons' | 'all';
/** Voucher states (contract): 0 usable, 1 used, 2 expired. */
type State = 0 | 1 | 2;

const stateLabel: Record<State, MessageId> = { 0: 'vouchers.usable', 1: 'vouchers.used', 2: 'vouchers.expired' };
const couponTypeLabel: Record<number, MessageId> = {
  0: 'vouchers.couponShop',
  1: 'vouchers.couponBox',
  2: 'vouchers.couponRecharge',
};
const emptyLabel: Record<Kind, MessageId> = {
  redPackets: 'vouchers.noRedPackets',
  coupons: 'vouchers.noCoupons',
  all: 'rewards.vouchersEmpty',
};

const isUsableRedPacket = (v: Voucher) => v.rewardVoucherType === 0 && v.state === 0;

/**
 * 红包与优惠券 on /personal: red packets are claimed into coins here (one, or all usable ones in one call);
 * coupons are listed only, until a checkout offers them. The header shows the usable count and red-packet
 * value from getMyVoucherPage's extData.
 */
export function VouchersSection() {
  const t = useT();
  const money = useMoney();
  const [kind, setKind] = useState<Kind>('redPackets');
  const [stat, setStat] = useState<State>(0);
  const [page, setPage] = useState(1);
  /** What the pending claim is for: one voucher id, or 'all'. */
  const [claiming, setClaiming] = useState<number | 'all' | null>(null);

  const summary = useVoucherPage(0, 1);
  const redPackets = useRedPackets();
  const coupons = useCoupons(kind === 'coupons');
  const allPage = useVoucherPage(stat, page, kind === 'all');
  const claim = useClaimRedPackets();

  const usableIds = (redPackets.data?.pageData ?? []).filter(isUsableRedPacket).map((v) => v.id);

  const claimIds = (ids: number[], what: number | 'all') => {
    setClaiming(what);
    claim.mutate(ids, {
      onSuccess: ({ amount }) => toast.success(t('vouchers.claimedToast', { amount: money(amount) })),
      onSettled: () => setClaiming(null),
    });
  };

  const active = kind === 'redPackets' ? redPackets : kind === 'coupons' ? coupons : allPage;
  const rows = kind === 'all' ? (allPage.data?.pageData ?? []) : (active.data?.pageData ?? []).filter((v) => v.state === stat);
  const extData = summary.data?.extData;

  return (
    <SectionCard title={t('rewards.vouchers')} testId="vouchers-section">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-300" data-testid="vouchers-summary">
          {extData ? t('vouchers.summary', { count: extData.totalCount, amount: money(extData.totalPrice) }) : null}
        </p>
        {usableIds.length ? (
          <Button
            testId="vouchers-claim-all"
            pending={claiming === 'all'}
            disabled={claim.isPending}
            onClick={() => claimIds(usableIds, 'all')}
          >
            {t('vouchers.claimAll')}
          </Button>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Segmented<Kind>
          label={t('vouchers.kind')}
          testId="vouchers-kind"
          value={kind}
          onChange={(value) => {
            setKind(value);
            setPage(1);
          }}
          options={[
            { value: 'redPackets', label: t('vouchers.tabRedPackets') },
            { value: 'coupons', label: t('vouchers.tabCoupons') },
            { value: 'all', label: t('vouchers.tabAll') },
          ]}
        />
        <Segmented<State>
          label={t('vouchers.state')}
          testId="vouchers-state"
          size="sm"
          value={stat}
          onChange={(value) => {
            setStat(value);
            setPage(1);
          }}
          options={([0, 1, 2] as const).map((value) => ({ value, label: t(stateLabel[value]) }))}
        />
      </div>
      <ListState
        query={active}
        isEmpty={() => rows.length === 0}
        empty={t(emptyLabel[kind])}
        failed={{
          node: (
            <p className="text-sm text-accent-red" data-testid="vouchers-error">
              {t('common.loadFailed')}
            </p>
          ),
        }}
        loading={<p className="text-sm text-slate-500">{t('common.loading')}</p>}
      >
        {() => (
          <ul className="flex flex-col gap-2" data-testid="vouchers-list">
            {rows.map((v) =>
              v.rewardVoucherType === 0 ? (
                <RedPacketRow
                  key={v.id}
                  voucher={v}
                  pending={claiming === v.id}
                  disabled={claim.isPending}
                  onClaim={() => claimIds([v.id], v.id)}
                />
              ) : (
                <CouponRow key={v.id} voucher={v} />
              ),
            )}
          </ul>
        )}
      </ListState>
      {kind === 'all' && allPage.data ? <Pager page={page} totalPages={allPage.data.totalPages} onPage={setPage} /> : null}
      {kind !== 'redPackets' ? (
        <p className="text-xs text-slate-500" data-testid="coupon-note">
          {t('vouchers.couponNote')}
        </p>
      ) : null}
    </SectionCard>
  );
}

function Expiry({ voucher }: { voucher: Voucher }) {
  const t = useT();
  return <span className="text-xs text-slate-500">{t('vouchers.expires', { time: formatDateTime(voucher.expireTime) })}</span>;
}

function StateBadge({ state }: { state: number }) {
  const t = useT();
  const label = stateLabel[state as State];
  return label ? <span className="rounded bg-panel-2 px-2 py-0.5 text-xs text-slate-400">{t(label)}</span> : null;
}

function RedPacketRow({
  voucher,
  pending,
  disabled,
  onClaim,
}: {
  voucher: Voucher;
  pending: boolean;
  disabled: boolean;
  onClaim: () => void;
}) {
  const t = useT();
  return (
    <li
      className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg bg-surface px-3 py-2 text-sm"
      data-testid="red-packet-row"
      data-id={voucher.id}
    >
      <span className="rounded bg-accent-red/15 px-2 py-0.5 text-xs text-accent-red">{t('vouchers.tabRedPackets')}</span>
      <span className="min-w-0 flex-1 text-white">{voucher.voucherName}</span>
      <Price fen={voucher.amount} className="font-semibold text-accent-orange" />
      <Expiry voucher={voucher} />
      {voucher.state === 0 ? (
        <Button testId={`red-packet-claim-${voucher.id}`} pending={pending} disabled={disabled} className="px-3 py-1.5" onClick={onClaim}>
          {t('vouchers.claim')}
        </Button>
      ) : (
        <StateBadge state={voucher.state} />
      )}
    </li>
  );
}

function CouponRow({ voucher }: { voucher: Voucher }) {
  const t = useT();
  const money = useMoney();
  const type = voucher.couponType === null ? undefined : couponTypeLabel[voucher.couponType];
  return (
    <li
      className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg bg-surface px-3 py-2 text-sm"
      data-testid="coupon-row"
      data-id={voucher.id}
    >
      {type ? <span className="rounded bg-accent-cyan/15 px-2 py-0.5 text-xs text-accent-cyan">{t(type)}</span> : null}
      <span className="min-w-0 flex-1 text-white">{voucher.voucherName}</span>
      <span className="font-semibold text-accent-orange">
        {t('vouchers.discount', { percent: voucher.discountBp / 100 })}
        {voucher.maxDiscount !== null ? ` · ${t('coupon.maxDiscount', { amount: money(voucher.maxDiscount) })}` : ''}
      </span>
      <span className="text-xs text-slate-400">
        {voucher.minSpend > 0 ? t('vouchers.minSpend', { amount: money(voucher.minSpend) }) : t('vouchers.noMinSpend')}
      </span>
      <Expiry voucher={voucher} />
      {voucher.state === 0 ? null : <StateBadge state={voucher.state} />}
    </li>
  );
}
