import { useState } from 'react';
import { toast } from '../../../shared/ui/toast';
import type { VirtualGood } from '@skinfair/contract';
import { requireLogin } from '../../../shared/api/require-login';
import { useUserInfo } from '../../../shared/api/user-queries';
import { lookOf } from '../../../shared/api/virtual-goods';
import { useT } from '../../../shared/i18n/use-t';
import { Avatar } from '../../../shared/ui/avatar';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { useMoney } from '../../../shared/ui/price';
import { SandboxCreditButton } from '../../../shared/ui/sandbox-credit-button';
import { useVirtualGoods } from '../api/get-virtual-goods';
import { useBuyVirtual, useEquipVirtual } from '../api/virtual-mutations';

/** What the player would look like: their avatar and name with the worn (or previewed) frame and colour. */
function Preview({ goods }: { goods: readonly VirtualGood[] }) {
  const t = useT();
  const user = useUserInfo().data;
  const look = lookOf(goods);
  return (
    <div className="flex items-center gap-4 rounded-xl border border-line bg-panel px-5 py-4" data-testid="virtual-preview">
      <Avatar src={user?.avatar ?? null} name={user?.nickname ?? '?'} className="size-14 text-xl" frameColor={look.frameColor} />
      <div>
        <p
          className="text-lg font-semibold text-white"
          style={look.nameColor ? { color: look.nameColor } : undefined}
          data-testid="virtual-preview-name"
        >
          {user?.nickname ?? t('virtual.you')}
        </p>
        <p className="text-xs text-slate-400">{t('virtual.previewHint')}</p>
      </div>
    </div>
  );
}

function GoodCard({ good, onBuy }: { good: VirtualGood; onBuy: (good: VirtualGood) => void }) {
  const t = useT();
  const money = useMoney();
  const equip = useEquipVirtual();
  const frame = good.kind === 'avatar_frame';
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-panel p-4" data-testid="virtual-good" data-id={good.id}>
      <div className="flex items-center gap-3">
        {frame ? (
          <Avatar src={null} name={good.name} className="size-10" frameColor={good.virtualImg} />
        ) : (
          <span className="text-lg font-bold" style={{ color: good.virtualImg }} aria-hidden="true">
            Aa
          </span>
        )}
        <div className="min-w-0">
          <p className="truncate font-semibold text-white">{good.name}</p>
          <p className="text-xs text-slate-400">
            {t(frame ? 'virtual.kind.frame' : 'virtual.kind.nameColor')} ·{' '}
            {good.durationDays === null ? t('virtual.forever') : t('virtual.days', { days: good.durationDays })}
          </p>
        </div>
      </div>
      {good.owned ? (
        <p className="text-xs text-emerald-400" data-testid="virtual-owned">
          {good.expireTime ? t('virtual.ownedUntil', { date: good.expireTime.slice(0, 10) }) : t('virtual.ownedForever')}
        </p>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
        <span className="font-bold text-accent-orange">{money(good.price)}</span>
        <div className="flex gap-2">
          {good.owned ? (
            <button
              type="button"
              disabled={equip.isPending}
              onClick={() => equip.mutate({ id: good.id, equip: !good.equipped })}
              aria-pressed={good.equipped}
              data-testid="virtual-equip"
              className={`rounded-lg px-3 py-1.5 text-sm font-semibold ${good.equipped ? 'bg-accent-purple text-black' : 'border border-line bg-panel-2 text-slate-100'}`}
            >
              {good.equipped ? t('virtual.unequip') : t('virtual.equip')}
            </button>
          ) : null}
          {good.owned && good.durationDays === null ? null : (
            <button
              type="button"
              onClick={() => onBuy(good)}
              data-testid="virtual-buy"
              className="rounded-lg bg-accent-orange px-3 py-1.5 text-sm font-semibold text-black"
            >
              {good.owned ? t('virtual.extend') : t('virtual.buy')}
            </button>
          )}
        </div>
      </div>
    </li>
  );
}

/** /personal/virtual: avatar frames and name colours to buy with coins, and to wear or take off. */
export default function VirtualGoodsPanel() {
  const t = useT();
  const money = useMoney();
  const goods = useVirtualGoods();
  const buy = useBuyVirtual();
  const [buying, setBuying] = useState<VirtualGood | null>(null);
  if (goods.isPending) return <PageFallback />;
  if (goods.isError) return <EmptyState message={t('common.loadFailed')} />;
  if (goods.data.length === 0) return <EmptyState message={t('virtual.empty')} />;
  return (
    <div className="flex flex-col gap-4">
      <Preview goods={goods.data} />
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {goods.data.map((good) => (
          <GoodCard key={good.id} good={good} onBuy={(g) => requireLogin() && setBuying(g)} />
        ))}
      </ul>
      {buying ? (
        <ConfirmDialog
          title={t('virtual.buyTitle')}
          confirmLabel={t('virtual.buy')}
          busy={buy.isPending}
          onCancel={() => setBuying(null)}
          onConfirm={() =>
            buy.mutate(buying.id, {
              onSuccess: (good) => {
                toast.success(t('virtual.bought', { name: good.name }));
                setBuying(null);
              },
            })
          }
          testId="virtual-confirm"
        >
          <p>{t('virtual.buyText', { name: buying.name, amount: money(buying.price) })}</p>
          <SandboxCreditButton neededFen={buying.price} />
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
