import { Link } from 'react-router';
import { useT } from '../../../shared/i18n/use-t';
import { LoadFailedAlert } from '../../../shared/ui/empty-state';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { AccountPage } from '../../../shared/ui/page-shell';
import { useProtectionState } from '../api/get-protection-state';
import { ExclusionForms } from '../components/exclusion-forms';
import { LimitRow } from '../components/limit-row';
import { beijingTime } from '../protection-format';
import { TitledSection } from '../../../shared/ui/titled-section';

function ProtectionBody() {
  const t = useT();
  const state = useProtectionState();
  if (state.isError && !state.data) {
    return <LoadFailedAlert onRetry={() => void state.refetch()} className="py-6 text-slate-300" />;
  }
  if (!state.data) return <PageFallback />;
  const { limits, exclusion } = state.data;
  return (
    <div className="flex flex-col gap-4" data-testid="protection-page">
      {exclusion && (
        <section
          role="status"
          className="rounded-xl border border-accent-orange bg-panel p-4 text-slate-200"
          data-testid="protection-exclusion"
        >
          <p className="font-semibold text-white">
            {t(exclusion.kind === 'self_exclusion' ? 'protection.selfExcludedUntil' : 'protection.coolingOffUntil', {
              at: beijingTime(exclusion.until),
            })}
          </p>
          <p className="mt-1 text-sm">{t('protection.exclusionEffects')}</p>
        </section>
      )}
      <TitledSection
        id="protection-limits"
        title={t('protection.limits')}
        className="flex flex-col gap-3 rounded-xl border border-line bg-panel p-5"
      >
        <p className="text-sm text-slate-400">{t('protection.limitsExplain')}</p>
        <ul className="grid gap-3 md:grid-cols-2">
          {limits.map((limit) => (
            <LimitRow key={limit.kind} limit={limit} disabled={false} />
          ))}
        </ul>
      </TitledSection>
      {!exclusion || exclusion.kind === 'cool_off' ? (
        <TitledSection
          id="protection-breaks"
          title={t('protection.breaks')}
          className="flex flex-col gap-3 rounded-xl border border-line bg-panel p-5"
        >
          <ExclusionForms />
        </TitledSection>
      ) : null}
      <p className="text-sm text-slate-400">
        <Link to="/safer-play" className="underline hover:text-white">
          {t('protection.saferPlay')}
        </Link>
      </p>
    </div>
  );
}

/**
 * /personal/protection (issue 18, decision 0042): the player's limits, pending raises with the time they
 * take effect, cool-off and self-exclusion. The personal-centre tabs come from app/ (`nav`).
 */
export default function ProtectionPage({ nav }: { nav?: React.ReactNode }) {
  return (
    <AccountPage titleId="title.personalProtection" nav={nav}>
      <ProtectionBody />
    </AccountPage>
  );
}
