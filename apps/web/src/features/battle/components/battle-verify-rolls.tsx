import { Fragment, useEffect, useRef, useState } from 'react';
import type { BattleResults } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import type { BattleVerification, RollCheck } from '../battle-verify';
import { VerifyMark } from '../../../shared/ui/verify-mark';
import { BattleVerifyRollSteps } from './battle-verify-roll-steps';

const keyOf = (r: { round: number; pos: number }) => `${r.round}:${r.pos}`;

/** Every round × seat: the recorded roll, its range and item, the check, and the steps on demand. */
export function BattleVerifyRolls({
  battle,
  check,
  focus,
}: {
  battle: BattleResults;
  check: BattleVerification;
  /** ?round=R&pos=P: the roll the room linked to, opened and scrolled to. */
  focus: { round: number; pos: number } | null;
}) {
  const t = useT();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(focus ? [keyOf(focus)] : []));
  const focusRef = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    focusRef.current?.scrollIntoView?.({ block: 'center' });
  }, []);
  const toggle = (key: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const boxOf = (round: number) => battle.boxList.find((b) => b.round === round);
  const seatName = (pos: number) => battle.customerList.find((s) => s.pos === pos)?.nickname ?? '';
  const itemName = (r: RollCheck) => (r.hit && r.recorded && r.hit.itemId === r.recorded.giftId ? r.recorded.giftName : null);

  return (
    <section className="rounded-xl border border-line bg-panel p-4" data-testid="verify-rolls">
      <h2 className="mb-1 font-semibold text-white">{t('battle.verify.rolls.title')}</h2>
      <ul className="mb-3 flex flex-col gap-1 text-xs text-slate-400">
        {check.boxes.map((b) => (
          <li key={b.round} data-testid="verify-box-odds">
            {t('battle.verify.rolls.odds', {
              round: b.round,
              name: boxOf(b.round)?.boxName ?? `#${b.boxId}`,
              version: b.version,
            })}{' '}
            {b.oddsOk === null ? t('battle.verify.rolls.oddsMissing') : null}
            <VerifyMark ok={b.oddsOk} />
          </li>
        ))}
      </ul>
      {check.rollsCompleteOk ? null : (
        <p className="mb-2 text-sm text-accent-red" data-testid="verify-rolls-incomplete">
          {t('battle.verify.rolls.incomplete')}
        </p>
      )}
      <div className="max-w-full overflow-x-auto">
        <table className="w-full min-w-[36rem] text-start text-sm">
          <thead className="text-xs text-slate-500">
            <tr>
              <th className="py-1 pe-3 text-start">{t('battle.verify.rolls.round')}</th>
              <th className="py-1 pe-3 text-start">{t('battle.verify.rolls.seat')}</th>
              <th className="py-1 pe-3 text-start">{t('battle.verify.rolls.rollCode')}</th>
              <th className="py-1 pe-3 text-start">{t('battle.verify.rolls.range')}</th>
              <th className="py-1 pe-3 text-start">{t('battle.verify.rolls.item')}</th>
              <th className="py-1 pe-3 text-start">{t('battle.verify.rolls.check')}</th>
              <th className="py-1 text-start" />
            </tr>
          </thead>
          <tbody>
            {check.rolls.map((r) => {
              const key = keyOf(r);
              const focused = focus !== null && keyOf(focus) === key;
              const isOpen = open.has(key);
              return (
                <Fragment key={key}>
                  <tr
                    ref={focused ? focusRef : undefined}
                    className={`whitespace-nowrap border-t border-line ${focused ? 'bg-accent-purple/15' : ''}`}
                    data-testid="verify-roll"
                    data-round={r.round}
                    data-pos={r.pos}
                    data-ok={r.ok}
                    data-highlighted={focused}
                  >
                    <td className="py-1.5 pe-3">
                      {r.round} · {boxOf(r.round)?.boxName}
                    </td>
                    <td className="py-1.5 pe-3">
                      {r.pos} · {seatName(r.pos)}
                    </td>
                    <td className="py-1.5 pe-3 font-mono">{r.recorded?.rollCode ?? '—'}</td>
                    <td className="py-1.5 pe-3 font-mono text-xs">{r.recorded ? `${r.recorded.rangeLow}–${r.recorded.rangeHigh}` : '—'}</td>
                    <td className="py-1.5 pe-3">{r.recorded?.giftName ?? '—'}</td>
                    <td className="py-1.5 pe-3">
                      <VerifyMark ok={r.ok} testId="verify-roll-check" />
                    </td>
                    <td className="py-1.5">
                      <button
                        type="button"
                        className="text-xs text-accent-cyan hover:underline"
                        aria-expanded={isOpen}
                        onClick={() => toggle(key)}
                      >
                        {isOpen ? t('battle.verify.rolls.hideSteps') : t('battle.verify.rolls.steps')}
                      </button>
                    </td>
                  </tr>
                  {isOpen ? (
                    <tr>
                      <td colSpan={7} className="pb-3 pt-1">
                        <BattleVerifyRollSteps roll={r} itemName={itemName(r)} />
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
