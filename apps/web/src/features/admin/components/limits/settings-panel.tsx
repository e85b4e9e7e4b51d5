import { useState, type FormEvent } from 'react';
import { formatFen, parseYuanToFen, type LimitSettings } from '@skinfair/contract';
import { useLimitsT, type LimitsMessageId } from '../../i18n/limits-messages';
import { useLimitSettings, useSaveLimitSettings } from '../../api/limits';
import { InputField } from '../input-field';
import { QueryState } from '../query-state';
import { ReasonChange } from '../reason-dialog';
import { primaryButtonClass } from '../styles';
import { when, yuan } from '../format';
import { LimitsSection } from './limits-section';

type Form = Record<string, string>;

const percentOf = (bp: number) => String(bp / 100);
const formOf = (s: LimitSettings): Form => ({
  ...Object.fromEntries(
    s.kinds.flatMap((k) => [
      [`${k.kind}CapFen`, formatFen(k.capFen)],
      [`${k.kind}ApprovalFen`, formatFen(k.approvalAboveFen)],
    ]),
  ),
  boxReturnCeilingBp: percentOf(s.boxReturnCeilingBp),
});

/** The form in fen and basis points, or null when a value is not a valid amount or percent. */
function paramsOf(s: LimitSettings, form: Form): Record<string, number> | null {
  const out: Record<string, number> = {};
  for (const k of s.kinds) {
    const cap = parseYuanToFen(form[`${k.kind}CapFen`] ?? '');
    const approval = parseYuanToFen(form[`${k.kind}ApprovalFen`] ?? '');
    if (cap === null || approval === null || approval > cap) return null;
    out[`${k.kind}CapFen`] = cap;
    out[`${k.kind}ApprovalFen`] = approval;
  }
  const ceiling = Number(form.boxReturnCeilingBp);
  if (!/^\d{2,3}(\.\d{1,2})?$/.test(form.boxReturnCeilingBp ?? '') || ceiling < 50 || ceiling > 100) return null;
  out.boxReturnCeilingBp = Math.round(ceiling * 100);
  return out;
}

/** Issue 24 §11: the caps, thresholds and box return ceiling; everyone with the screen reads, admins change. */
export function SettingsPanel({ canWrite }: { canWrite: boolean }) {
  const t = useLimitsT();
  const settings = useLimitSettings();
  const save = useSaveLimitSettings();
  const [form, setForm] = useState<Form | null>(null);
  const [confirming, setConfirming] = useState(false);
  const data = settings.data;
  if (!data) return <QueryState query={settings} />;
  const values = form ?? formOf(data);
  const params = paramsOf(data, values);
  const kindName = (kind: string) => t(`limits.kind.${kind}` as LimitsMessageId);
  const defaultOf = (kind: string, field: 'capFen' | 'approvalAboveFen') =>
    yuan(data.defaults.kinds.find((k) => k.kind === kind)?.[field] ?? 0);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (params) setConfirming(true);
  };
  const field = (name: string, label: string, hint: string) =>
    canWrite ? (
      <div key={name} className="flex flex-col gap-0.5">
        <InputField label={label} inputMode="decimal" value={values[name] ?? ''} onChange={(v) => setForm({ ...values, [name]: v })} />
        <span className="text-xs text-slate-500">{hint}</span>
      </div>
    ) : (
      <div key={name} className="flex flex-col gap-0.5 text-sm">
        <span className="text-slate-400">{label}</span>
        <span>{values[name]}</span>
      </div>
    );
  return (
    <LimitsSection id="limit-settings-title" title={t('limits.settings.title')} intro={t('limits.settings.body')}>
      {data.updatedAt ? <p className="text-xs text-slate-500">{t('limits.settings.updatedAt', { at: when(data.updatedAt) })}</p> : null}
      {canWrite ? null : <p className="text-sm text-slate-300">{t('limits.settings.readOnly')}</p>}
      <form onSubmit={submit} className="flex flex-col gap-3">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {data.kinds.flatMap((k) => [
            field(
              `${k.kind}CapFen`,
              t('limits.settings.cap', { kind: kindName(k.kind) }),
              t('limits.settings.default', { value: defaultOf(k.kind, 'capFen') }),
            ),
            field(
              `${k.kind}ApprovalFen`,
              t('limits.settings.approval', { kind: kindName(k.kind) }),
              t('limits.settings.default', { value: defaultOf(k.kind, 'approvalAboveFen') }),
            ),
          ])}
          {field(
            'boxReturnCeilingBp',
            t('limits.settings.ceiling'),
            t('limits.settings.default', { value: `${percentOf(data.defaults.boxReturnCeilingBp)}%` }),
          )}
        </div>
        {canWrite ? (
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className={primaryButtonClass} disabled={!params || form === null}>
              {t('limits.settings.save')}
            </button>
            {params ? null : (
              <p role="alert" className="text-sm text-red-400">
                {t('limits.settings.invalid')}
              </p>
            )}
          </div>
        ) : null}
      </form>
      {confirming && params ? (
        <ReasonChange
          title={t('limits.settings.saveTitle')}
          confirmLabel={t('limits.settings.save')}
          change={save}
          params={params}
          done={t('limits.settings.saved')}
          onClose={() => setConfirming(false)}
          onDone={() => setForm(null)}
        >
          <p className="text-sm text-slate-300">{t('limits.settings.saveBody')}</p>
        </ReasonChange>
      ) : null}
    </LimitsSection>
  );
}
