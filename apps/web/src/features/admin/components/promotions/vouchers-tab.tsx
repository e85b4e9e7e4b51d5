import { useMemo, useState } from 'react';
import { formatFen, parseYuanToFen, type AdminVoucher } from '@skinfair/contract';
import { usePromotionsT, type PromotionsMessageId } from '../../i18n/promotions-messages';
import { useIssueVoucher, useRevokeVoucher, useVouchers, type VoucherFilters } from '../../api/promotions';
import type { AdminColumn } from '../data-table';
import { PagedTable } from '../paged-table';
import { withAll } from '../select-options';
import { useListFilters } from '../use-list-filters';
import { ReasonChange, ReasonDialog } from '../reason-dialog';
import { FilterFields } from '../filter-fields';
import { primaryButtonClass, smallButtonClass } from '../styles';
import { InputField } from '../input-field';
import { CouponFields } from './coupon-fields';
import { toastLimitedResult } from '../limits/approval-result';
import { when } from '../format';
import { yuan } from '../format';

const SOURCES = ['welcome', 'vip', 'golden_code', 'operator'] as const;
const positiveInt = (s: string) => /^\d+$/.test(s.trim()) && Number(s) >= 1;

/** The issue form's fields; the server checks them again (bounds in docs/OPERATIONS.md). */
function IssueDialog({ voucherType, onClose }: { voucherType: 0 | 1; onClose: () => void }) {
  const t = usePromotionsT();
  const issue = useIssueVoucher(voucherType);
  const [form, setForm] = useState({
    userId: '',
    name: '',
    amount: '',
    couponType: '1',
    discountBp: '',
    minSpend: '',
    maxDiscount: '',
    days: '7',
  });
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const amountFen = parseYuanToFen(form.amount);
  const minSpendFen = form.minSpend ? parseYuanToFen(form.minSpend) : 0;
  const maxDiscountFen = parseYuanToFen(form.maxDiscount);
  const ready =
    positiveInt(form.userId) &&
    form.name.trim().length > 0 &&
    positiveInt(form.days) &&
    (voucherType === 0
      ? amountFen !== null && amountFen > 0
      : positiveInt(form.discountBp) && minSpendFen !== null && maxDiscountFen !== null && maxDiscountFen > 0);
  const red = voucherType === 0;
  return (
    <ReasonDialog
      title={t(red ? 'promo.redPackets.issueTitle' : 'promo.coupons.issueTitle')}
      confirmLabel={t(red ? 'promo.redPackets.issue' : 'promo.coupons.issue')}
      busy={issue.isPending}
      ready={ready}
      onClose={onClose}
      onConfirm={(reason) =>
        issue.mutate(
          red
            ? {
                userId: form.userId.trim(),
                name: form.name.trim(),
                rewardFen: amountFen,
                days: form.days.trim(),
                reason,
              }
            : {
                userId: form.userId.trim(),
                name: form.name.trim(),
                couponType: form.couponType,
                discountBp: form.discountBp.trim(),
                minSpendFen,
                maxDiscountFen,
                days: form.days.trim(),
                reason,
              },
          toastLimitedResult(t(red ? 'promo.redPackets.issued' : 'promo.coupons.issued'), onClose),
        )
      }
    >
      <p className="text-sm text-slate-300">{t(red ? 'promo.redPackets.issueBody' : 'promo.coupons.issueBody')}</p>
      <InputField
        label={t('promo.player')}
        inputMode="numeric"
        value={form.userId}
        onChange={(userId) => set({ userId: userId.replace(/\D/g, '') })}
      />
      <InputField label={t('promo.name')} maxLength={20} value={form.name} onChange={(name) => set({ name })} />
      {red ? (
        <InputField label={t('promo.redPackets.amount')} inputMode="decimal" value={form.amount} onChange={(amount) => set({ amount })} />
      ) : (
        <CouponFields value={form} onChange={set} discountLabel={t('promo.coupons.discount')} minSpendLabel={t('promo.coupons.minSpend')} />
      )}
      <InputField label={t('promo.days')} inputMode="numeric" value={form.days} onChange={(days) => set({ days })} />
    </ReasonDialog>
  );
}

/**
 * Red packets (voucherType 0) or coupons (1) as issued to players: there is no table of coupon types, so
 * the screen lists what was issued, issues one to a player and revokes an unused one.
 */
export function VouchersTab({ voucherType, canWrite }: { voucherType: 0 | 1; canWrite: boolean }) {
  const t = usePromotionsT();
  const red = voucherType === 0;
  const view = useListFilters<VoucherFilters>({
    userId: '',
    state: -1,
    couponType: -1,
    source: 'all',
    page: 1,
  });
  const list = useVouchers(voucherType, view.filters);
  const revoke = useRevokeVoucher(voucherType);
  const [issuing, setIssuing] = useState(false);
  const [revoking, setRevoking] = useState<AdminVoucher | null>(null);

  const columns = useMemo<Array<AdminColumn<AdminVoucher>>>(
    () => [
      { header: 'ID', accessorKey: 'id' },
      { header: t('promo.player'), accessorKey: 'userId' },
      { header: t('promo.name'), accessorKey: 'name' },
      {
        header: t('promo.vouchers.col.value'),
        cell: ({ row }) =>
          red
            ? yuan(row.original.rewardFen)
            : `${t(`promo.couponType.${row.original.couponType ?? 0}` as PromotionsMessageId)} · ${t('promo.coupons.value', {
                pct: row.original.discountBp / 100,
                min: formatFen(row.original.minSpendFen),
              })}`,
      },
      {
        header: t('promo.state'),
        cell: ({ row }) => t(`promo.voucherState.${row.original.state}` as PromotionsMessageId),
      },
      {
        header: t('promo.source'),
        cell: ({ row }) =>
          (SOURCES as readonly string[]).includes(row.original.source)
            ? t(`promo.source.${row.original.source}` as PromotionsMessageId)
            : row.original.source,
      },
      { header: t('promo.expires'), cell: ({ row }) => when(row.original.expiresAt) },
      {
        header: t('promo.actions'),
        cell: ({ row }) =>
          canWrite && row.original.state === 0 ? (
            <button
              type="button"
              className={smallButtonClass}
              aria-label={`${t('promo.vouchers.revoke')} #${row.original.id}`}
              onClick={() => setRevoking(row.original)}
            >
              {t('promo.vouchers.revoke')}
            </button>
          ) : null,
      },
    ],
    [t, red, canWrite],
  );

  return (
    <div className="flex flex-col gap-3">
      <FilterFields
        {...view}
        fields={[
          { search: 'userId', label: t('promo.vouchers.searchPlayer'), numeric: true },
          {
            select: 'state',
            label: t('promo.state'),
            options: withAll(-1, t('promo.allStates'), [0, 1, 2], (s) => t(`promo.voucherState.${s}` as PromotionsMessageId)),
          },
          // Red packets have no coupon type.
          ...(red
            ? []
            : [
                {
                  select: 'couponType' as const,
                  label: t('promo.couponType'),
                  options: withAll(-1, t('promo.couponType.all'), [0, 1, 2], (k) => t(`promo.couponType.${k}` as PromotionsMessageId)),
                },
              ]),
          {
            select: 'source',
            label: t('promo.source'),
            options: withAll('all', t('promo.source.all'), SOURCES, (s) => t(`promo.source.${s}`)),
          },
        ]}
      >
        {canWrite ? (
          <button type="button" className={primaryButtonClass} onClick={() => setIssuing(true)}>
            {t(red ? 'promo.redPackets.issue' : 'promo.coupons.issue')}
          </button>
        ) : null}
      </FilterFields>
      <PagedTable
        query={list}
        columns={columns}
        onPage={view.setPage}
        texts={{
          caption: t(red ? 'promo.tab.redPackets' : 'promo.tab.coupons'),
          empty: t('promo.vouchers.empty'),
          total: (n) => t('promo.total', { n }),
        }}
      />
      {issuing ? <IssueDialog voucherType={voucherType} onClose={() => setIssuing(false)} /> : null}
      {revoking ? (
        <ReasonChange
          title={t('promo.vouchers.revokeTitle', { id: revoking.id, name: revoking.name })}
          confirmLabel={t('promo.vouchers.revoke')}
          change={revoke}
          params={{ id: revoking.id }}
          done={t('promo.vouchers.revoked')}
          onClose={() => setRevoking(null)}
        >
          <p className="text-sm text-slate-300">{t('promo.vouchers.revokeBody')}</p>
        </ReasonChange>
      ) : null}
    </div>
  );
}
