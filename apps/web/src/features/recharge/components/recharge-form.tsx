import { useId, type FormEvent } from 'react';
import { formatFen } from '@skinfair/contract';
import { catalogueText } from '../../../shared/forms/validate';
import { useLocaleStore } from '../../../shared/i18n/locale-store';
import { useT } from '../../../shared/i18n/use-t';
import { useMoney } from '../../../shared/ui/price';
import { CouponPicker, useCouponValue } from '../../../shared/ui/coupon-picker';
import { FirstDepositBanner } from './first-deposit-banner';
import { BonusLine } from './bonus-line';
import { useRoomTexts } from './deposit-room-text';
import {
  amountMinor,
  creditFen,
  findChannel,
  findRate,
  firstDepositBonusFen,
  vipRechargeBonusFen,
  type RechargeConfig,
  type RechargeDraft,
  type RechargeErrors,
} from '../recharge-math';

interface Props {
  config: RechargeConfig;
  draft: RechargeDraft;
  onChange: (draft: RechargeDraft) => void;
  errors: RechargeErrors;
  /** The VIP grade's recharge bonus (basis points) and its label, when known. */
  vip: { grade: number; name: string; bp: number } | null;
  onSubmit: () => void;
}

const fieldLabel = 'text-sm font-medium text-slate-300';
const errorText = 'text-xs text-accent-red';

/**
 * What the deposit will credit: coins, the first-deposit, VIP and coupon bonuses, in fen. `total` is what
 * arrives with the deposit; `heldBonus` the first-deposit bonus paid only after real-name verification.
 */
export function previewOf(config: RechargeConfig, draft: RechargeDraft, vipBp: number, couponBonus = 0) {
  const rate = findRate(config, draft.currency);
  const minor = amountMinor(draft);
  if (!rate || minor === null) return null;
  const credit = creditFen(minor, rate);
  const first = firstDepositBonusFen(credit, config.firstDepositBonus);
  const vipBonus = vipRechargeBonusFen(credit, vipBp);
  const total = credit + first.now + vipBonus + couponBonus;
  return { rate, minor, credit, bonus: first.now, heldBonus: first.afterRealName, vipBonus, couponBonus, total };
}

/** Channel cards, currency, presets and a custom amount, with the credit preview (spec §5). */
export function RechargeForm({ config, draft, onChange, errors, vip, onSubmit }: Props) {
  const t = useT();
  const money = useMoney();
  const locale = useLocaleStore((s) => s.locale);
  const ids = { channel: useId(), currency: useId(), amount: useId(), custom: useId() };
  const channel = findChannel(config, draft.channelId);
  const rate = findRate(config, draft.currency);
  const base = previewOf(config, draft, vip?.bp ?? 0);
  const preview = previewOf(config, draft, vip?.bp ?? 0, useCouponValue(2, draft.couponId ?? null, base?.credit ?? 0));
  const symbol = rate?.symbol ?? '¥';
  const currencies = channel ? channel.currencyCodeList : config.currencyRateVoList.map((r) => r.currency);
  const err = (code: RechargeErrors[keyof RechargeErrors]) => (code ? catalogueText(code, locale) : null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const notCny = rate !== null && rate.currency !== 'CNY';
  const { limitText, roomText } = useRoomTexts();

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" data-testid="recharge-form">
      <FirstDepositBanner offer={config.firstDepositBonus} preview={preview} />

      <fieldset className="flex flex-col gap-2" aria-describedby={errors.channel ? ids.channel : undefined}>
        <legend className={`${fieldLabel} mb-2`}>{t('recharge.channel')}</legend>
        <div role="radiogroup" aria-label={t('recharge.channel')} className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {config.rechargeChannelList.map((c) => {
            const selected = c.id === draft.channelId;
            return (
              <button
                key={c.id}
                type="button"
                role="radio"
                aria-checked={selected}
                data-testid="recharge-channel"
                onClick={() =>
                  onChange({
                    ...draft,
                    channelId: c.id,
                    currency: c.currencyCodeList.includes(draft.currency ?? '') ? draft.currency : (c.currencyCodeList[0] ?? null),
                  })
                }
                className={`flex flex-col items-start rounded-xl border px-4 py-3 text-start ${selected ? 'border-accent-orange bg-accent-orange/10' : 'border-line bg-surface hover:border-slate-500'}`}
              >
                <span className="font-semibold text-white">{c.channelName}</span>
                <span className="text-xs text-slate-400">{t('recharge.limits', { min: money(c.minAmount), max: money(c.maxAmount) })}</span>
              </button>
            );
          })}
        </div>
        {config.rechargeChannelList.length === 0 ? <p className="text-sm text-slate-400">{t('recharge.noChannels')}</p> : null}
        {errors.channel ? (
          <p id={ids.channel} role="alert" className={errorText}>
            {err(errors.channel)}
          </p>
        ) : null}
      </fieldset>

      <div className="flex flex-col gap-2">
        <label htmlFor={ids.currency} className={fieldLabel}>
          {t('recharge.currency')}
        </label>
        <select
          id={ids.currency}
          value={draft.currency ?? ''}
          aria-invalid={errors.currency ? true : undefined}
          onChange={(event) => onChange({ ...draft, currency: event.target.value || null })}
          className="rounded-lg border border-line bg-surface px-3 py-2.5 text-sm text-white focus:border-accent-orange focus:outline-none"
          data-testid="recharge-currency"
        >
          <option value="">{t('recharge.currencyPlaceholder')}</option>
          {currencies.map((code) => {
            const r = config.currencyRateVoList.find((x) => x.currency === code);
            return (
              <option key={code} value={code}>
                {r ? `${code} ${r.symbol}` : code}
              </option>
            );
          })}
        </select>
        {notCny && rate ? (
          <p className="text-xs text-slate-400">{t('recharge.rate', { currency: rate.currency, coins: money(creditFen(100, rate)) })}</p>
        ) : null}
        {errors.currency ? (
          <p role="alert" className={errorText}>
            {err(errors.currency)}
          </p>
        ) : null}
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className={`${fieldLabel} mb-2`}>{t('recharge.amount')}</legend>
        <div className="grid grid-cols-3 gap-2">
          {config.rechargeAmountAllowList.map((preset) => {
            const selected = draft.custom.trim() === '' && draft.presetMinor === preset;
            return (
              <button
                key={preset}
                type="button"
                aria-pressed={selected}
                data-testid="recharge-preset"
                onClick={() => onChange({ ...draft, presetMinor: preset, custom: '' })}
                className={`rounded-lg border px-2 py-2.5 text-sm font-semibold ${selected ? 'border-accent-orange bg-accent-orange text-black' : 'border-line bg-surface text-white hover:border-slate-500'}`}
              >
                {symbol}
                {formatFen(preset)}
              </button>
            );
          })}
        </div>
        <label htmlFor={ids.custom} className="mt-1 text-xs text-slate-400">
          {t('recharge.custom', { currency: rate?.currency ?? 'CNY' })}
        </label>
        <div className="flex items-center gap-2 rounded-lg border border-line bg-surface px-3 focus-within:border-accent-orange">
          <span className="text-slate-400">{symbol}</span>
          <input
            id={ids.custom}
            inputMode="decimal"
            autoComplete="off"
            value={draft.custom}
            placeholder={t('recharge.customPlaceholder')}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={errors.amount ? ids.amount : undefined}
            onChange={(event) => onChange({ ...draft, custom: event.target.value })}
            className="w-full bg-transparent py-2.5 text-sm text-white placeholder:text-slate-500 focus:outline-none"
            data-testid="recharge-custom"
          />
        </div>
        {errors.amount ? (
          <p id={ids.amount} role="alert" className={errorText}>
            {errors.amount === 'PROTECTION_DEPOSIT_LIMIT_LEFT' && config.depositRoom ? limitText(config.depositRoom) : err(errors.amount)}
            {errors.amount === 'DEPOSIT_AMOUNT_OUT_OF_RANGE' && channel
              ? ` (${t('recharge.limits', { min: money(channel.minAmount), max: money(channel.maxAmount) })})`
              : ''}
          </p>
        ) : null}
        {config.depositRoom && errors.amount !== 'PROTECTION_DEPOSIT_LIMIT_LEFT' ? (
          <p className="text-xs text-slate-400" data-testid="recharge-room">
            {roomText(config.depositRoom)}
          </p>
        ) : null}
      </fieldset>

      <CouponPicker
        couponType={2}
        totalFen={preview?.credit ?? 0}
        value={draft.couponId ?? null}
        onChange={(couponId) => onChange({ ...draft, couponId })}
      />

      {preview ? (
        <dl
          className="grid grid-cols-[1fr_auto] gap-y-1 [&_dt]:pe-4 rounded-xl bg-surface px-4 py-3 text-sm"
          data-testid="recharge-preview"
        >
          <dt className="text-slate-400">{t('recharge.credit')}</dt>
          <dd className="text-end font-semibold text-white" data-testid="recharge-credit">
            {money(preview.credit)}
          </dd>
          <BonusLine label={t('recharge.firstBonus')} fen={preview.bonus} tone="purple" bold />
          <BonusLine label={t('recharge.vipBonus')} fen={preview.vipBonus} tone="cyan" bold />
          <BonusLine label={t('coupon.bonus')} fen={preview.couponBonus} tone="cyan" bold />
          <dt className="border-t border-line pt-1 text-slate-300">{t('recharge.total')}</dt>
          <dd className="border-t border-line pt-1 text-end text-base font-bold text-accent-orange">{money(preview.total)}</dd>
          <BonusLine label={t('recharge.heldBonus')} fen={preview.heldBonus} tone="purple" bold testId="recharge-held-bonus" />
        </dl>
      ) : null}

      <p className="text-xs text-slate-400" data-testid="recharge-vip-note">
        {vip && vip.bp > 0
          ? t('recharge.vipNoteActive', { grade: vip.grade, name: vip.name, percent: vip.bp / 100 })
          : t('recharge.vipNote')}
      </p>
      <p className="rounded-lg border border-accent-red/40 px-3 py-2 text-xs text-slate-300">{t('recharge.adult')}</p>
      {/* Pinned to the bottom of the scrolling panel, with a band of the panel's colour around it, so 立即充值
          is in sight on a 900 px screen or a phone however long the form grows (issue 30 §9). */}
      <button
        type="submit"
        data-testid="recharge-submit"
        className="sticky bottom-3 z-10 rounded-lg bg-accent-orange px-4 py-3 font-semibold text-black ring-[12px] ring-panel hover:brightness-110"
      >
        {t('recharge.submit')}
      </button>
    </form>
  );
}
