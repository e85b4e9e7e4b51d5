import { useState } from 'react';
import type { BoxDetail } from '@skinfair/contract';
import { requireLogin } from '../../../shared/api/require-login';
import { useT } from '../../../shared/i18n/use-t';
import { useSettingsStore } from '../../../shared/stores/settings-store';
import { useMoney } from '../../../shared/ui/price';
import { SandboxCreditButton } from '../../../shared/ui/sandbox-credit-button';
import { CouponPicker, useCouponValue } from '../../../shared/ui/coupon-picker';
import { queryKeys } from '../../../shared/api/query-keys';
import { useQueryClient } from '@tanstack/react-query';
import { useOpenCase } from '../api/open-case';
import type { Opening } from '../hooks/use-opening';
import { OpenConfirmDialog } from './open-confirm-dialog';
import { OpenToggles, QuantityPicker } from './open-controls';

/**
 * Quantity, switches and the open button. Spending needs a login (the login tip otherwise) and a confirm
 * step unless the user ticked "don't ask again"; the server's answer then starts the reels.
 */
export function OpenPanel({ box, opening }: { box: BoxDetail; opening: Opening }) {
  const t = useT();
  const formatMoney = useMoney();
  const [count, setCount] = useState(1);
  const [confirming, setConfirming] = useState(false);
  const skipConfirm = useSettingsStore((s) => s.skipOpenConfirm);
  const open = useOpenCase();
  const [couponId, setCouponId] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const listFen = box.openPrice * count;
  // A box coupon (couponType 1) comes off the price, as the server takes it (docs/decisions/0012).
  const totalFen = listFen - useCouponValue(1, couponId, listFen);
  const busy = open.isPending || opening.phase !== 'idle';

  const send = () => {
    setConfirming(false);
    open.mutate(
      { caseId: box.id, number: count, couponId },
      {
        onSuccess: (answer) => {
          setCouponId(null);
          opening.begin(answer.results, box.gifts);
        },
        // A spent (or refused) coupon leaves the list either way.
        onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.coupons }),
      },
    );
  };
  const onOpen = () => {
    if (!requireLogin()) return;
    if (skipConfirm) send();
    else setConfirming(true);
  };

  if (box.boxType === 0) {
    return <p className="rounded-lg bg-panel-2 px-4 py-3 text-sm text-slate-300">{t('box.freeOnly')}</p>;
  }
  return (
    <div className="flex flex-col gap-4">
      <QuantityPicker value={count} onChange={setCount} />
      <OpenToggles />
      <CouponPicker couponType={1} totalFen={listFen} value={couponId} onChange={setCouponId} />
      {totalFen < listFen ? (
        <p className="text-sm text-slate-300" data-testid="coupon-payable">
          <span className="text-slate-500 line-through">{formatMoney(listFen)}</span> {t('coupon.payable')}{' '}
          <span className="font-semibold text-accent-orange">{formatMoney(totalFen)}</span>
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={onOpen}
          disabled={busy || !box.enabled}
          data-testid="open-box"
          className="rounded-xl bg-accent-orange px-8 py-3 text-base font-bold text-black shadow-lg shadow-accent-orange/20 hover:brightness-110 disabled:opacity-50"
        >
          {open.isPending ? t('box.openingNow') : t('box.open', { count, amount: formatMoney(totalFen) })}
        </button>
        <SandboxCreditButton neededFen={totalFen} />
      </div>
      {confirming ? <OpenConfirmDialog totalFen={totalFen} count={count} onConfirm={send} onCancel={() => setConfirming(false)} /> : null}
    </div>
  );
}
