import { Link } from 'react-router';
import { useT } from '../../../shared/i18n/use-t';
import { RetryState } from '../../../shared/ui/empty-state';
import { ReturnBandBar } from '../../../shared/ui/return-band-bar';
import { useCaseReturn } from '../api/get-case-return';
import { TitledSection } from '../../../shared/ui/titled-section';

const percent = (ratio: number) => `${(ratio * 100).toFixed(2)}%`;

/**
 * 公开回报率 (issue 16 screen 3, "show the same figures to players on each box page"): what the current odds
 * return at today's recovery prices, what the last openings of this box (every player's) returned, and the
 * band a fair box stays in. Decision 0061: the return declared when the odds version was published (at that
 * day's prices, `published`, from caseDetail) is shown as such; the band is drawn around today's figure.
 */
export function ReturnPanel({ caseId, published }: { caseId: number; published?: { rateBp: number; version: number } }) {
  const t = useT();
  const { data, isPending, isError, refetch } = useCaseReturn(caseId);
  return (
    <TitledSection
      id="box-return-title"
      title={t('box.return.title')}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-panel p-5"
    >
      {isError ? (
        <RetryState message={t('box.return.failed')} retryLabel={t('box.return.retry')} onRetry={() => void refetch()} />
      ) : isPending ? (
        <p role="status" className="text-sm text-slate-400">
          {t('box.return.loading')}
        </p>
      ) : data.declaredReturn === null ? (
        <p className="text-sm text-slate-400">{t('box.return.free')}</p>
      ) : (
        <>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-400">{t('box.return.declared')}</dt>
            <dd className="font-semibold text-white" data-testid="return-declared">
              {percent(data.declaredReturn)}
            </dd>
            {published ? (
              <>
                <dt className="text-slate-400">{t('box.return.published', { version: published.version })}</dt>
                <dd className="text-white" data-testid="return-published">
                  {(published.rateBp / 100).toFixed(2)}%
                </dd>
              </>
            ) : null}
            <dt className="text-slate-400">{t('box.return.realised', { n: data.openings })}</dt>
            <dd className={`font-semibold ${data.alert ? 'text-red-400' : 'text-accent-orange'}`} data-testid="return-realised">
              {data.realisedReturn === null ? '—' : percent(data.realisedReturn)}
            </dd>
            <dt className="text-slate-400">{t('box.return.band')}</dt>
            <dd className="text-white" data-testid="return-band">
              {data.band95 ? `${percent(data.band95.low)} – ${percent(data.band95.high)}` : '—'}
            </dd>
          </dl>
          <ReturnBandBar figures={data} testId="return-bar" />
          <p className={`text-sm ${data.alert ? 'text-red-400' : 'text-slate-300'}`} data-testid="return-status">
            {data.openings === 0
              ? t('box.return.none')
              : data.alert
                ? t('box.return.alert')
                : data.openings < data.minOpenings
                  ? t('box.return.few', { min: data.minOpenings })
                  : t('box.return.inBand')}
          </p>
          <p className="text-xs text-slate-500">{t('box.return.explain', { window: data.window, version: data.version })}</p>
          {/* Issue 18: every game's and box's figures over time windows, withdrawals and bots. */}
          <Link to="/transparency" className="text-xs text-accent-cyan hover:underline">
            {t('box.return.transparencyLink')}
          </Link>
        </>
      )}
    </TitledSection>
  );
}
