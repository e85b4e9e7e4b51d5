import type { GiveawayRoom } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { useMoney } from '../../../shared/ui/price';
import { formatDateTime } from '../../../shared/format/beijing-time';

const day = (iso: string | null) => formatDateTime(iso);

function Row({ label, ok, detail, testId }: { label: string; ok: boolean | null; detail?: string; testId: string }) {
  return (
    <li className="flex items-start gap-2 text-sm" data-testid={testId} data-ok={ok === null ? undefined : ok}>
      <span
        aria-hidden="true"
        className={`mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
          ok === null ? 'bg-panel-2 text-slate-400' : ok ? 'bg-emerald-500/20 text-emerald-400' : 'bg-accent-red/15 text-accent-red'
        }`}
      >
        {ok === null ? '·' : ok ? '✓' : '✗'}
      </span>
      <span className="flex flex-col">
        <span className="text-slate-200">{label}</span>
        {detail ? <span className="text-xs text-slate-400">{detail}</span> : null}
      </span>
    </li>
  );
}

/** What the room asks, and for a logged-in viewer whether each is met now (the server checks again at join). */
export function Conditions({ room }: { room: GiveawayRoom }) {
  const t = useT();
  const money = useMoney();
  const c = room.conditions;
  const e = room.eligibility;
  return (
    <section className="rounded-xl border border-line bg-panel p-4" data-testid="giveaway-conditions">
      <h2 className="mb-3 font-semibold text-white">{t('giveaway.conditions')}</h2>
      <ul className="flex flex-col gap-2">
        <Row label={t('giveaway.cond.account')} ok={e ? e.account : null} testId="cond-account" />
        {c.minDeposit > 0 ? (
          <Row
            label={t('giveaway.cond.deposit', { amount: money(c.minDeposit) })}
            ok={e ? e.deposit : null}
            detail={[
              c.depositStart || c.depositEnd
                ? t('giveaway.cond.depositWindow', { start: day(c.depositStart), end: day(c.depositEnd) })
                : null,
              e ? t('giveaway.cond.depositSoFar', { sofar: money(e.depositSoFar), need: money(c.minDeposit) }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
            testId="cond-deposit"
          />
        ) : null}
        {c.promotionCode ? (
          <Row label={t('giveaway.cond.promotion', { code: c.promotionCode })} ok={e ? e.promotion : null} testId="cond-promotion" />
        ) : null}
        {c.minVipGrade > 0 ? (
          <Row label={t('giveaway.cond.vip', { grade: c.minVipGrade })} ok={e ? e.vip : null} testId="cond-vip" />
        ) : null}
        {c.password ? <Row label={t('giveaway.cond.password')} ok={null} testId="cond-password" /> : null}
      </ul>
      {e ? null : <p className="mt-3 text-xs text-slate-500">{t('giveaway.cond.loginToSee')}</p>}
    </section>
  );
}
