import { useState } from 'react';
import { parseYuanToFen, type PromotionLevelRow, type VipGradeRow } from '@skinfair/contract';
import { toastResult } from '../toast-result';
import { usePromotionsT, type PromotionsMessageId } from '../../i18n/promotions-messages';
import { usePromotionLevels, useSavePromotionLevels, useSaveVipLadder, useVipLadder } from '../../api/promotions';
import { QueryState } from '../query-state';
import { ReasonDialog } from '../reason-dialog';
import { fieldClass, primaryButtonClass } from '../styles';

/** How a column is typed: text, yuan (sent in fen) or a whole number (counts, basis points). */
interface LadderColumn {
  key: string;
  label: PromotionsMessageId;
  kind: 'text' | 'yuan' | 'int';
}

type Row = Record<string, string | number>;
const toText = (value: string | number, kind: LadderColumn['kind']) =>
  kind === 'yuan' ? (Number(value) / 100).toFixed(2).replace(/\.00$/, '') : String(value);

function fromText(text: string, kind: LadderColumn['kind']): string | number | null {
  if (kind === 'text') return text.trim();
  if (kind === 'yuan') return parseYuanToFen(text.trim() || '0');
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
}

/**
 * A ladder edited as a whole: every cell of every grade, checked here for numbers and rising thresholds,
 * and again by the server (with the bounds), then saved with one reason and one audit row.
 */
function LadderEditor<T extends Row>({
  rows,
  idKey,
  columns,
  caption,
  canWrite,
  saving,
  onSave,
}: {
  rows: T[];
  idKey: string;
  columns: LadderColumn[];
  caption: string;
  canWrite: boolean;
  saving: boolean;
  onSave: (rows: T[], reason: string, done: () => void) => void;
}) {
  const t = usePromotionsT();
  const [draft, setDraft] = useState<string[][]>(() => rows.map((r) => columns.map((c) => toText(r[c.key]!, c.kind))));
  const [confirming, setConfirming] = useState(false);
  const parsed = draft.map((cells, i) => {
    const out: Row = { ...rows[i]! };
    cells.forEach((text, j) => (out[columns[j]!.key] = fromText(text, columns[j]!.kind) ?? NaN));
    return out as T;
  });
  const badNumber = parsed.some((r) =>
    columns.some((c) => (c.kind === 'text' ? String(r[c.key]).length === 0 : !Number.isSafeInteger(r[c.key]) || Number(r[c.key]) < 0)),
  );
  const thresholds = parsed.map((r) => Number(r.expMin));
  const increasing = thresholds[0] === 0 && thresholds.every((v, i) => i === 0 || v > thresholds[i - 1]!);
  const problem = badNumber ? t('promo.ladder.badNumber') : increasing ? null : t('promo.ladder.notIncreasing');

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-400">{t('promo.ladder.rules')}</p>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="text-left text-slate-400">
              <th scope="col" className="p-2">
                {t('promo.ladder.grade')}
              </th>
              {columns.map((c) => (
                <th key={c.key} scope="col" className="p-2">
                  {t(c.label)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={String(r[idKey])} className="border-t border-line">
                <th scope="row" className="p-2 text-left">
                  {String(r[idKey])}
                </th>
                {columns.map((c, j) => (
                  <td key={c.key} className="p-1">
                    {canWrite ? (
                      <input
                        className={`${fieldClass} w-full min-w-20`}
                        aria-label={t('promo.ladder.cell', {
                          row: `${t('promo.ladder.grade')} ${String(r[idKey])}`,
                          column: t(c.label),
                        })}
                        inputMode={c.kind === 'text' ? undefined : c.kind === 'yuan' ? 'decimal' : 'numeric'}
                        maxLength={16}
                        value={draft[i]![j]}
                        onChange={(e) =>
                          setDraft((d) => d.map((cells, x) => (x === i ? cells.map((v, y) => (y === j ? e.target.value : v)) : cells)))
                        }
                      />
                    ) : (
                      draft[i]![j]
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-400">
          {problem}
        </p>
      ) : null}
      {canWrite ? (
        <div>
          <button type="button" className={primaryButtonClass} disabled={problem !== null || saving} onClick={() => setConfirming(true)}>
            {t('promo.ladder.save')}
          </button>
        </div>
      ) : null}
      {confirming ? (
        <ReasonDialog
          title={t('promo.ladder.saveTitle', { what: caption })}
          confirmLabel={t('promo.ladder.save')}
          busy={saving}
          onClose={() => setConfirming(false)}
          onConfirm={(reason) => onSave(parsed, reason, () => setConfirming(false))}
        />
      ) : null}
    </div>
  );
}

const VIP_COLUMNS: LadderColumn[] = [
  { key: 'name', label: 'promo.ladder.name', kind: 'text' },
  { key: 'expMin', label: 'promo.ladder.expMin', kind: 'yuan' },
  { key: 'levelRewardFen', label: 'promo.ladder.levelReward', kind: 'yuan' },
  { key: 'levelPointsFen', label: 'promo.ladder.levelPoints', kind: 'yuan' },
  { key: 'redPacketFen', label: 'promo.ladder.redPacket', kind: 'yuan' },
  { key: 'freeBoxes', label: 'promo.ladder.freeBoxes', kind: 'int' },
  { key: 'rechargeBonusBp', label: 'promo.ladder.rechargeBonusBp', kind: 'int' },
  { key: 'rebateBoostBp', label: 'promo.ladder.rebateBoostBp', kind: 'int' },
];
const LEVEL_COLUMNS: LadderColumn[] = [
  { key: 'name', label: 'promo.ladder.name', kind: 'text' },
  { key: 'expMin', label: 'promo.ladder.expMin', kind: 'yuan' },
  { key: 'rebateBp', label: 'promo.ladder.rebateBp', kind: 'int' },
];

export function VipLadderTab({ canWrite }: { canWrite: boolean }) {
  const t = usePromotionsT();
  const ladder = useVipLadder();
  const save = useSaveVipLadder();
  if (!ladder.data) return <QueryState query={ladder} />;
  return (
    <LadderEditor<VipGradeRow & Row>
      key={ladder.dataUpdatedAt}
      rows={ladder.data}
      idKey="grade"
      columns={VIP_COLUMNS}
      caption={t('promo.ladder.vipCaption')}
      canWrite={canWrite}
      saving={save.isPending}
      onSave={(grades, reason, done) => save.mutate({ grades, reason }, toastResult(t('promo.saved'), done))}
    />
  );
}

export function PromotionLevelsTab({ canWrite }: { canWrite: boolean }) {
  const t = usePromotionsT();
  const levels = usePromotionLevels();
  const save = useSavePromotionLevels();
  if (!levels.data) return <QueryState query={levels} />;
  return (
    <LadderEditor<PromotionLevelRow & Row>
      key={levels.dataUpdatedAt}
      rows={levels.data}
      idKey="level"
      columns={LEVEL_COLUMNS}
      caption={t('promo.ladder.levelsCaption')}
      canWrite={canWrite}
      saving={save.isPending}
      onSave={(rows, reason, done) => save.mutate({ levels: rows, reason }, toastResult(t('promo.saved'), done))}
    />
  );
}
