import { usePromotionsT, type PromotionsMessageId } from '../../i18n/promotions-messages';
import { useLimitsT } from '../../i18n/limits-messages';
import { Field } from '../field';
import { InputField } from '../input-field';
import { fieldClass } from '../styles';

/**
 * A coupon's kind, discount (basis points), minimum spend and largest discount (yuan), as typed into a create
 * or issue form. The largest discount is required (issue 24 §11): it is what the coupon is worth.
 */
export function CouponFields({
  value,
  onChange,
  discountLabel,
  minSpendLabel,
  discountRequired = false,
}: {
  value: { couponType: string; discountBp: string; minSpend: string; maxDiscount: string };
  onChange: (patch: { couponType?: string; discountBp?: string; minSpend?: string; maxDiscount?: string }) => void;
  discountLabel: string;
  minSpendLabel: string;
  discountRequired?: boolean;
}) {
  const t = usePromotionsT();
  const lt = useLimitsT();
  return (
    <>
      <Field label={t('promo.couponType')}>
        {(id) => (
          <select id={id} className={fieldClass} value={value.couponType} onChange={(e) => onChange({ couponType: e.target.value })}>
            {[0, 1, 2].map((k) => (
              <option key={k} value={k}>
                {t(`promo.couponType.${k}` as PromotionsMessageId)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <InputField
        label={discountLabel}
        required={discountRequired}
        inputMode="numeric"
        value={value.discountBp}
        onChange={(discountBp) => onChange({ discountBp })}
      />
      <InputField label={minSpendLabel} inputMode="decimal" value={value.minSpend} onChange={(minSpend) => onChange({ minSpend })} />
      <InputField
        label={lt('limits.maxDiscount')}
        required
        inputMode="decimal"
        value={value.maxDiscount}
        onChange={(maxDiscount) => onChange({ maxDiscount })}
      />
    </>
  );
}
