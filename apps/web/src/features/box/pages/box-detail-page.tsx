import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { useT } from '../../../shared/i18n/use-t';
import { useReportPageLoaded } from '../../../shared/stores/page-loaded-store';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ItemImage } from '../../../shared/ui/item-image';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { PageShell } from '../../../shared/ui/page-shell';
import { Price } from '../../../shared/ui/price';
import { useCaseDetail } from '../api/get-case-detail';
import { DropTable } from '../components/drop-table';
import { OpeningArea } from '../components/opening-area';
import { OpenPanel } from '../components/open-panel';
import { RecentDrops } from '../components/recent-drops';
import { ReturnPanel } from '../components/return-panel';
import { useBoxDrops } from '../hooks/use-box-drops';
import { useOpening } from '../hooks/use-opening';
import { TitledSection } from '../../../shared/ui/titled-section';

/** Spec §2 /box/{id}: the box, its odds and drop list, recent drops, and opening with the reel. */
export default function BoxDetailPage() {
  const t = useT();
  const { id = '' } = useParams();
  const caseId = /^\d+$/.test(id) ? Number(id) : 0;
  // The live socket runs on this page too: event 21 refreshes this box's recent drops.
  useReportPageLoaded();
  const { data: box, isPending, isError } = useCaseDetail(caseId);
  const recent = useBoxDrops(caseId);
  const opening = useOpening();
  const stageRef = useRef<HTMLDivElement>(null);

  const { hold, release } = recent;
  const spinning = opening.phase === 'spinning';
  useEffect(() => {
    if (spinning) {
      hold();
      stageRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    } else release();
    // hold/release change identity each render; only the phase matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [spinning]);

  if (caseId === 0 || isError) {
    return (
      <PageShell titleId="title.boxDetail">
        <EmptyState message={t('empty.boxDetail')}>
          <Link to="/box" className="text-accent-cyan hover:underline">
            {t('box.backToList')}
          </Link>
        </EmptyState>
      </PageShell>
    );
  }
  if (isPending || !box) {
    return (
      <PageShell titleId="title.boxDetail">
        <PageFallback />
      </PageShell>
    );
  }
  return (
    <PageShell titleId="title.boxDetail" subtitle={box.boxName}>
      <section className="grid gap-6 rounded-2xl border border-line bg-panel p-5 md:grid-cols-[280px_1fr]" aria-label={box.boxName}>
        <div className="flex flex-col items-center gap-3">
          <ItemImage src={box.boxImage ?? box.weaponImage} name={box.boxName} grade={2} className="h-48 w-full" />
        </div>
        <div className="flex flex-col gap-4" ref={stageRef}>
          <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
            <h2 className="text-2xl font-bold text-white" data-testid="box-name">
              {box.boxName}
            </h2>
            <Price fen={box.openPrice} className="text-xl font-bold text-accent-orange" />
            {/* Decision 0061: beside the price, what an opening returns today, not the figure fixed at publication. */}
            <span className="text-sm text-slate-400" data-testid="box-return" title={t('box.expectedReturnHint')}>
              {t('box.expectedReturn', { percent: (box.liveReturnRateBp / 100).toFixed(2) })}
            </span>
          </div>
          <OpeningArea opening={opening} />
          <OpenPanel box={box} opening={opening} />
        </div>
      </section>

      <ReturnPanel caseId={caseId} published={{ rateBp: box.returnRateBp, version: box.version }} />

      <TitledSection id="box-drops" title={t('box.drops')}>
        <p className="text-xs text-slate-500">{t('box.oddsNote', { version: box.version, hash: box.oddsHash.slice(0, 16) })}</p>
        <DropTable gifts={box.gifts} />
      </TitledSection>

      <TitledSection id="box-recent" title={t('box.recent')}>
        <RecentDrops drops={recent.drops} />
      </TitledSection>
    </PageShell>
  );
}
