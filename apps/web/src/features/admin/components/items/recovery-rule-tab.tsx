import { useState } from 'react';
import { formatFen, parseYuanToFen } from '@skinfair/contract';
import { useItemsT } from '../../i18n/items-messages';
import { useRecoveryRule, useSetRecoveryRule } from '../../api/items';
import { QueryState } from '../query-state';
import { ReasonChange } from '../reason-dialog';
import { buttonClass } from '../styles';
import { LabelledInput } from '../labelled';
import { percent } from './shared';

/** The recovery price rule: the rate within its bounds, changed with a reason. */
export function RecoveryRuleTab({ canWrite }: { canWrite: boolean }) {
  const t = useItemsT();
  const rule = useRecoveryRule();
  const save = useSetRecoveryRule();
  const [text, setText] = useState('');
  const [confirming, setConfirming] = useState(false);
  if (rule.isError || !rule.data) return <QueryState query={rule} />;
  const { rateBp, minBp, maxBp } = rule.data;
  // The operator types a percentage with up to two decimals: 80.5 % is 8050 bp, exactly.
  const newBp = parseYuanToFen(text);
  const valid = newBp !== null && newBp >= minBp && newBp <= maxBp;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-lg">{t('items.rule.current', { rate: percent(rateBp) })}</p>
      <p className="text-sm text-slate-400">{t('items.rule.explain')}</p>
      {canWrite ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (valid) setConfirming(true);
          }}
        >
          <LabelledInput
            label={t('items.rule.field', { min: formatFen(minBp), max: formatFen(maxBp) })}
            inputMode="decimal"
            value={text}
            maxLength={6}
            onChange={(v) => setText(v.trim())}
          />
          <button type="submit" className={buttonClass} disabled={!valid}>
            {t('items.rule.save')}
          </button>
        </form>
      ) : null}
      {confirming && newBp !== null ? (
        <ReasonChange
          title={t('items.rule.title', { rate: percent(newBp) })}
          confirmLabel={t('items.rule.save')}
          change={save}
          params={{ rateBp: newBp }}
          done={t('items.rule.done')}
          onClose={() => setConfirming(false)}
          onDone={() => setText('')}
        >
          <p className="text-sm text-slate-300">{t('items.rule.explain')}</p>
        </ReasonChange>
      ) : null}
    </div>
  );
}
