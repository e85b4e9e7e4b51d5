import { usePromotionsT, type PromotionsMessageId } from '../../i18n/promotions-messages';
import { Field } from '../field';
import { InputField } from '../input-field';
import { fieldClass } from '../styles';

/** A coupon's kind, discount (basis points) and minimum spend (yuan), as typed into a create or issue form. */
export function CouponFields({
  value,
  onChange,
  discountLabel,
  minSpendLabel,
  discountRequired = false,
}: {
  value: { couponType: string; discountBp: string; minSpend: string };
  onChange: (patch: { couponType?: string; discountBp?: string; minSpend?: string }) => void;
  discountLabel: string;
  minSpendLabel: string;
  discountRequired?: boolean;
}) {
  const t = usePromotionsT();
  return (
    <>
      <Field label={t('promo.couponType')}>
        {(id) => (
          <select
            id={id}
            className={fieldClass}
            value={value.couponType}
            onChange={(e) => onChange({ couponType: e.target.value })}
          >
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
      <InputField
        label={minSpendLabel}
        inputMode="decimal"
        value={value.minSpend}
        onChange={(minSpend) => onChange({ minSpend })}
      />
    </>
  );
}
