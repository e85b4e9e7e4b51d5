import { useState } from 'react';
import type { BoxReturnMove } from '@skinfair/contract';
import { useItemsT } from '../../i18n/items-messages';
import { percent, signedPercent } from './shared';

/**
 * Issue 27 §11 (decision 0061): the boxes whose live return a price change (an edit or an import) moves by
 * more than the set amount, which the operator confirms before saving, and those it would push above the
 * return ceiling, which the server refuses (so there is nothing to confirm).
 */
export function BoxReturnWarning({
  boxes,
  warnMoveBp,
  confirmed,
  onConfirmedChange,
}: {
  boxes: BoxReturnMove[];
  warnMoveBp: number;
  confirmed: boolean;
  onConfirmedChange: (confirmed: boolean) => void;
}) {
  const t = useItemsT();
  const shown = boxes.filter((b) => b.moved || b.refused);
  if (shown.length === 0) return null;
  const refused = shown.filter((b) => b.refused);
  return (
    <div
      role="alert"
      data-testid="box-return-warning"
      className={`flex flex-col gap-2 rounded border p-2 text-sm ${
        refused.length > 0 ? 'border-red-500/60 bg-red-500/10 text-red-300' : 'border-amber-400/60 bg-amber-400/10 text-amber-200'
      }`}
    >
      <p className="font-semibold">
        {refused.length > 0
          ? t('items.moves.refused', { n: refused.length, ceiling: percent(refused[0]!.ceilingBp) })
          : t('items.moves.warn', { n: shown.length, amount: percent(warnMoveBp) })}
      </p>
      <ul className="flex max-h-40 flex-col gap-1 overflow-y-auto">
        {shown.map((b) => (
          <li key={b.boxId} className={b.refused ? 'font-semibold' : undefined}>
            {t('items.moves.box', {
              box: `#${b.boxId} ${b.name}`,
              before: percent(b.liveBeforeBp),
              after: percent(b.liveAfterBp),
              change: signedPercent(b.liveAfterBp - b.liveBeforeBp),
            })}
            {b.refused ? ` (${t('items.effect.aboveCeiling', { ceiling: percent(b.ceilingBp) })})` : ''}
          </li>
        ))}
      </ul>
      {refused.length === 0 ? (
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={confirmed} onChange={(e) => onConfirmedChange(e.target.checked)} />
          {t('items.moves.confirm')}
        </label>
      ) : null}
    </div>
  );
}

/**
 * Whether a change with these moves may be saved: none refused, and any warning confirmed. The confirm
 * holds for the moves it was given: a new price (other moves) asks again.
 */
export function useMovesConfirm(boxes: BoxReturnMove[] | undefined) {
  const [confirmedFor, setConfirmedFor] = useState<string | null>(null);
  const list = boxes ?? [];
  const key = JSON.stringify(list.filter((b) => b.moved).map((b) => [b.boxId, b.liveAfterBp]));
  const confirmed = confirmedFor === key;
  const refused = list.some((b) => b.refused);
  const needsConfirm = list.some((b) => b.moved);
  return {
    confirmed,
    onConfirmedChange: (on: boolean) => setConfirmedFor(on ? key : null),
    ready: !refused && (!needsConfirm || confirmed),
  };
}
