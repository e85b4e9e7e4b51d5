import { useState } from 'react';
import type { DreamConfig, DreamResult, DreamStakeItem, DreamTarget } from '@skinfair/contract';
import { dreamFee } from '@skinfair/fairness';
import { requireLogin } from '../../../shared/api/require-login';
import { useUserInfo } from '../../../shared/api/user-queries';
import { useT } from '../../../shared/i18n/use-t';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ItemImage } from '../../../shared/ui/item-image';
import { Price, useMoney } from '../../../shared/ui/price';
import { useStartDream } from '../api/start-dream';
import { clamp, coinsToPay, formatMultiplier, formatPercent, sliderBounds, sumFen } from '../dream-math';
import { DreamResultPanel } from './dream-result';
import { DreamRing, type RingRoll } from './dream-ring';
import { ProbabilitySlider } from './probability-slider';
import { StakeItems } from './stake-items';
import { StakeSummary } from './stake-summary';

type Phase = 'idle' | 'spinning' | 'result';

/**
 * The game itself: the chosen target, the probability slider, the stake (backpack items first, coins for
 * the rest), the confirm step, the ring and the result. Every figure is previewed with the server's own
 * formula; the server decides and the ring only shows its roll.
 */
export function DreamStage({ config, target }: { config: DreamConfig; target: DreamTarget | null }) {
  const t = useT();
  const money = useMoney();
  const user = useUserInfo();
  const start = useStartDream();
  const [items, setItems] = useState<readonly DreamStakeItem[]>([]);
  const [wanted, setWanted] = useState(config.minProbability);
  const [confirming, setConfirming] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const [result, setResult] = useState<DreamResult | null>(null);
  const [roll, setRoll] = useState<RingRoll | null>(null);

  const targetFen = target?.recoveryPrice ?? 0;
  const itemsValueFen = sumFen(items);
  const bounds = target
    ? sliderBounds(targetFen, itemsValueFen, config)
    : { min: config.minProbability, max: config.maxProbability, blocked: false };
  // The slider's minimum rises with the staked items; the wanted P is kept and shown clamped.
  const probability = clamp(wanted, bounds.min, bounds.max);
  const feeFen = target ? dreamFee(targetFen, probability, config.returnRateBp) : 0;
  const coinsFen = coinsToPay(feeFen, itemsValueFen);
  const fundsFen = user.data ? user.data.balance + user.data.integral : null;
  const short = fundsFen !== null && coinsFen > fundsFen;
  const busy = start.isPending || phase === 'spinning';
  const canStart = target !== null && target.available && !bounds.blocked && !short && !busy;

  const toggle = (item: DreamStakeItem) =>
    setItems((now) =>
      now.some((i) => i.id === item.id) ? now.filter((i) => i.id !== item.id) : now.length < config.maxStakeItems ? [...now, item] : now,
    );

  const submit = () => {
    if (!target) return;
    start.mutate(
      { targetId: target.id, probability, itemIds: items.map((i) => i.id), coinsFen },
      {
        onSuccess: (answer) => {
          setConfirming(false);
          // The staked items are gone; the ring shows the probability the server recorded.
          setItems([]);
          setResult(answer);
          setRoll({ key: answer.id, rollCode: answer.rollCode, won: answer.won });
          setPhase('spinning');
        },
        // The client already toasted the server's reason (not enough coins, price moved, item gone, …).
        onError: () => setConfirming(false),
      },
    );
  };

  const ringProbability = phase !== 'idle' && result ? result.probability : probability;
  return (
    <section className="flex flex-col gap-4 rounded-xl border border-line bg-panel p-4" data-testid="dream-stage">
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <DreamRing probability={ringProbability} roll={roll} onLanded={() => setPhase('result')} />
        <div className="flex w-full flex-1 flex-col gap-3">
          {target ? (
            <div className="flex items-center gap-3" data-testid="dream-selected">
              <ItemImage src={target.giftImage} name={target.giftName} grade={target.grade} className="h-16 w-24" />
              <div className="flex flex-col">
                <span className="text-sm text-slate-400">{t('dream.target')}</span>
                <span className="text-slate-100">{target.giftName}</span>
                <Price fen={target.recoveryPrice} className="font-bold text-accent-orange" />
              </div>
            </div>
          ) : (
            <p className="rounded-lg bg-panel-2 p-4 text-sm text-slate-400" data-testid="dream-no-target">
              {/* The targets sit beside the stage from lg up and below it on narrower screens. */}
              <span className="lg:hidden">{t('dream.pickTargetBelow')}</span>
              <span className="hidden lg:inline">{t('dream.pickTarget')}</span>
            </p>
          )}
          <ProbabilitySlider
            value={probability}
            min={bounds.min}
            max={bounds.max}
            configMin={config.minProbability}
            onChange={setWanted}
            disabled={!target || busy || bounds.blocked}
          />
          <StakeSummary figures={{ feeFen, itemsValueFen, coinsFen, fundsFen, multiplier: formatMultiplier(targetFen, feeFen) }} />
          {bounds.blocked ? (
            <p className="text-sm text-accent-red" role="alert" data-testid="dream-items-too-much">
              {t('dream.itemsTooMuch')}
            </p>
          ) : null}
          <button
            type="button"
            disabled={!canStart}
            onClick={() => requireLogin() && setConfirming(true)}
            className="rounded-lg bg-accent-red px-6 py-2.5 font-semibold text-black hover:brightness-110 disabled:opacity-50"
            data-testid="dream-start"
          >
            {t('dream.start')}
          </button>
        </div>
      </div>

      {phase === 'result' && result ? (
        <DreamResultPanel
          result={result}
          onClose={() => {
            setPhase('idle');
            setResult(null);
          }}
        />
      ) : null}

      <StakeItems selected={items} max={config.maxStakeItems} onToggle={toggle} disabled={busy} />

      {confirming && target ? (
        <ConfirmDialog
          title={t('dream.confirm.title')}
          confirmLabel={t('dream.confirm.ok')}
          onConfirm={submit}
          onCancel={() => setConfirming(false)}
          busy={start.isPending}
          testId="dream-confirm"
        >
          <p data-testid="dream-confirm-text">
            {t('dream.confirm.text', {
              name: target.giftName,
              percent: formatPercent(probability),
              fee: money(feeFen),
              items: money(itemsValueFen),
              coins: money(coinsFen),
            })}
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
