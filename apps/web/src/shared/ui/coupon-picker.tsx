import { useEffect, useId } from 'react';
import { couponValueFen, useUsableCoupons, type CouponType } from '../api/usable-coupons';
import { useT } from '../i18n/use-t';
import { useMoney } from './price';

/**
 * The coupon choice of a checkout (box, shop, recharge): the player's usable coupons of that type, those
 * below their minimum spend disabled, and what the chosen one is worth. Shown only when there are any.
 * A chosen coupon that stops applying (the total went under its minimum) is dropped.
 */
export function CouponPicker({
  couponType,
  totalFen,
  value,
  onChange,
}: {
  couponType: CouponType;
  totalFen: number;
  value: number | null;
  onChange: (couponId: number | null) => void;
}) {
  const t = useT();
  const money = useMoney();
  const id = useId();
  const coupons = useUsableCoupons(couponType).data ?? [];
  const chosen = coupons.find((c) => c.id === value) ?? null;
  const worth = chosen ? couponValueFen(chosen, totalFen) : null;
  useEffect(() => {
    if (value !== null && (!chosen || worth === null)) onChange(null);
  }, [value, chosen, worth, onChange]);
  if (coupons.length === 0) return null;
  return (
    <div className="flex flex-col gap-1.5" data-testid="coupon-picker">
      <label htmlFor={id} className="text-sm text-slate-300">
        {t('coupon.label')}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
        className="rounded-lg border border-line bg-surface px-3 py-2 text-sm text-white focus:border-accent-orange focus:outline-none"
        data-testid="coupon-select"
      >
        <option value="">{t('coupon.none', { count: coupons.length })}</option>
        {coupons.map((c) => {
          const usable = couponValueFen(c, totalFen) !== null;
          return (
            <option key={c.id} value={c.id} disabled={!usable}>
              {t('coupon.option', { name: c.voucherName, percent: c.discountBp / 100 })}
              {c.maxDiscount !== null ? ` · ${t('coupon.maxDiscount', { amount: money(c.maxDiscount) })}` : ''}
              {c.minSpend > 0 ? ` · ${t('coupon.minSpend', { amount: money(c.minSpend) })}` : ''}
              {usable ? '' : ` · ${t('coupon.notReached')}`}
            </option>
          );
        })}
      </select>
    </div>
  );
}

/** The chosen coupon's worth on a total, or 0 (for the totals next to the picker). */
export function useCouponValue(couponType: CouponType, couponId: number | null, totalFen: number): number {
  const coupons = useUsableCoupons(couponType).data ?? [];
  const chosen = coupons.find((c) => c.id === couponId);
  return chosen ? (couponValueFen(chosen, totalFen) ?? 0) : 0;
}
