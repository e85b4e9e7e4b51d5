import { useState, type FormEvent } from 'react';
import { toast } from '../../../shared/ui/toast';
import { promotionCodeSchema } from '@skinfair/contract';
import { Button, TextField } from '../../../shared/forms/fields';
import { useValidate } from '../../../shared/forms/use-validate';
import { useT } from '../../../shared/i18n/use-t';
import { TableHead } from '../../../shared/ui/table-head';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { AccountPage } from '../../../shared/ui/page-shell';
import { useMoney } from '../../../shared/ui/price';
import { useBindInviter } from '../api/bind-inviter';
import { usePromotionInfo } from '../api/get-promotion-info';
import { useModifyInvitationCode } from '../api/modify-invitation-code';
import { CopyButton } from '../components/copy-button';
import { PersonalNav } from '../components/personal-nav';
import { bpPercent } from '../personal-math';

/**
 * The promotion levels (docs/decisions/0011). No call lists them, so they are mirrored here; the
 * player's own level, rate and next threshold always come from getPromotionInfo.
 */
export const promotionLevels = [
  { level: 1, name: '推广员', expMin: 0, rebateBp: 100 },
  { level: 2, name: '资深推广员', expMin: 500_000, rebateBp: 200 },
  { level: 3, name: '金牌推广员', expMin: 2_000_000, rebateBp: 300 },
  { level: 4, name: '合伙人', expMin: 10_000_000, rebateBp: 500 },
] as const;

/** One code form (change own code once, or bind an inviter), checked with the contract's code rule. */
function CodeForm({
  label,
  submitLabel,
  pending,
  onSubmit,
  testId,
}: {
  label: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (code: string, reset: () => void) => void;
  testId: string;
}) {
  const validate = useValidate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = validate(promotionCodeSchema, code.trim());
    setError(next);
    if (!next) onSubmit(code.trim(), () => setCode(''));
  };
  return (
    <form onSubmit={submit} noValidate data-testid={testId}>
      <TextField
        label={label}
        value={code}
        onChange={(value) => {
          setCode(value);
          setError(null);
        }}
        error={error}
        maxLength={15}
        autoComplete="off"
        addon={
          <Button type="submit" pending={pending} className="shrink-0">
            {submitLabel}
          </Button>
        }
      />
    </form>
  );
}

function PromoBody() {
  const t = useT();
  const money = useMoney();
  const { data, isPending, isError } = usePromotionInfo();
  const modify = useModifyInvitationCode();
  const bind = useBindInviter();
  if (isPending) return <PageFallback />;
  if (isError) return <EmptyState message={t('common.loadFailed')} />;
  const stats = [
    { label: t('promo.users'), value: String(data.accumulatedRegisterCount), testId: 'promo-users' },
    { label: t('promo.deposits'), value: money(data.accumulatedRechargeAmount), testId: 'promo-deposits' },
    { label: t('promo.rebates'), value: money(data.accumulatedRebateAmount), testId: 'promo-rebates' },
    { label: t('promo.rate'), value: `${bpPercent(data.rebateRate)}%`, testId: 'promo-rate' },
  ];
  return (
    <div className="flex flex-col gap-6" data-testid="promo-page">
      <div className="grid gap-4 md:grid-cols-2">
        <section className="flex min-w-0 flex-col gap-3 rounded-xl border border-line bg-panel p-4">
          <h2 className="text-base font-semibold text-white">{t('promo.myCode')}</h2>
          <div className="flex items-center gap-2">
            <code
              className="min-w-0 flex-1 truncate rounded-lg bg-surface px-3 py-2 font-mono text-lg text-accent-orange"
              data-testid="promo-code"
            >
              {data.invitationCode}
            </code>
            <CopyButton text={data.invitationCode} label={t('promo.copyCode')} testId="copy-code" />
          </div>
          <div className="flex items-center gap-2">
            <code className="min-w-0 flex-1 truncate rounded-lg bg-surface px-3 py-2 text-xs text-slate-300" data-testid="promo-link">
              {data.link}
            </code>
            <CopyButton text={data.link} label={t('promo.copyLink')} testId="copy-link" />
          </div>
          {data.codeChangeable ? (
            <CodeForm
              label={t('promo.changeCode')}
              submitLabel={t('promo.change')}
              pending={modify.isPending}
              testId="promo-change-form"
              onSubmit={(code, reset) =>
                modify.mutate(code, {
                  onSuccess: () => {
                    toast.success(t('promo.changed'));
                    reset();
                  },
                })
              }
            />
          ) : (
            <p className="text-xs text-slate-500">{t('promo.changedOnce')}</p>
          )}
        </section>
        <section className="flex min-w-0 flex-col gap-3 rounded-xl border border-line bg-panel p-4">
          <h2 className="text-base font-semibold text-white">{t('promo.inviter')}</h2>
          {data.upInvitationCode ? (
            <p className="text-sm text-slate-300" data-testid="promo-inviter">
              {t('promo.boundTo', { code: data.upInvitationCode })}
            </p>
          ) : (
            <CodeForm
              label={t('promo.bindLabel')}
              submitLabel={t('promo.bind')}
              pending={bind.isPending}
              testId="promo-bind-form"
              onSubmit={(code, reset) =>
                bind.mutate(code, {
                  onSuccess: () => {
                    toast.success(t('promo.bound'));
                    reset();
                  },
                })
              }
            />
          )}
          <p className="text-xs text-slate-500">{t('promo.bindNote')}</p>
        </section>
      </div>
      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold text-white">
          {t('promo.level', { level: data.promotionGrade, name: data.promotionGradeName })}
        </h2>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {stats.map((s) => (
            <div key={s.testId} className="rounded-xl border border-line bg-panel p-4">
              <dt className="text-xs text-slate-400">{s.label}</dt>
              <dd className="text-xl font-bold text-white" data-testid={s.testId}>
                {s.value}
              </dd>
            </div>
          ))}
        </dl>
        <p className="text-sm text-slate-400" data-testid="promo-next">
          {data.nextPromotionExp === null
            ? t('promo.topLevel')
            : t('promo.next', {
                amount: money(Math.max(0, data.nextPromotionExp - data.accumulatedRechargeAmount)),
                threshold: money(data.nextPromotionExp),
              })}
        </p>
        <div className="overflow-x-auto rounded-xl border border-line">
          <table className="w-full min-w-[28rem] text-sm" data-testid="promo-levels">
            <TableHead
              className="bg-panel-2 text-xs text-slate-400"
              columns={[
                { label: t('promo.col.level'), className: 'px-3 py-2 text-start' },
                { label: t('promo.col.threshold'), className: 'px-3 py-2 text-end' },
                { label: t('promo.col.rate'), className: 'px-3 py-2 text-end' },
              ]}
            />
            <tbody>
              {promotionLevels.map((l) => (
                <tr
                  key={l.level}
                  className={`border-t border-line ${l.level === data.promotionGrade ? 'bg-accent-purple/10' : 'bg-panel'}`}
                  aria-current={l.level === data.promotionGrade ? 'true' : undefined}
                >
                  <th scope="row" className="px-3 py-2 text-start font-medium text-white">
                    {l.level}. {l.name}
                  </th>
                  <td className="px-3 py-2 text-end tabular-nums text-slate-300">{money(l.expMin)}</td>
                  <td className="px-3 py-2 text-end text-slate-300">{bpPercent(l.rebateBp)}%</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="text-xs text-slate-500">{t('promo.levelsNote')}</p>
      </section>
    </div>
  );
}

/** Spec §2 /personal/promo: the partner page (spec §3 promotion data, §5 code format). */
export default function PromoPage() {
  return (
    <AccountPage titleId="title.personalPromo" nav={<PersonalNav />}>
      <PromoBody />
    </AccountPage>
  );
}
