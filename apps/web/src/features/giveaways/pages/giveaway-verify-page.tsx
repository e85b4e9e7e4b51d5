import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { GiveawayState } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { PageShell } from '../../../shared/ui/page-shell';
import { useGiveawayDetail } from '../api/get-giveaway-detail';
import { useGiveawayEntries } from '../api/get-giveaway-entries';
import { VerifyBeacon, VerifyCommitment } from '../components/verify-inputs';
import { VerifyDraw } from '../components/verify-draw';
import { isVerifiable, verifyGiveaway } from '../giveaway-verify';
import { roomIdOf } from '../room-id';

/**
 * /giveaways/{id}/verify (issue 14, PF v1 §8–§10): a drawn room recomputed in this browser from published
 * data only: the commitment, the entries' hash from the entry list, the beacon round and its randomness,
 * and each Fisher–Yates step, against the published winners.
 */
export default function GiveawayVerifyPage() {
  const t = useT();
  const { id: raw = '' } = useParams();
  const id = roomIdOf(raw);
  const detail = useGiveawayDetail(id);
  const entries = useGiveawayEntries(id);
  const room = detail.data ?? null;
  const ready = room !== null && isVerifiable(room) && entries.data !== undefined;
  // BLS and every HMAC: computed once per answer, not per render.
  const check = useMemo(() => (ready && room && entries.data ? verifyGiveaway(room, entries.data) : null), [ready, room, entries.data]);
  const roomPath = `/giveaways/${raw}`;
  const back = (
    <Link to={roomPath} className="text-sm text-accent-cyan hover:underline">
      {t('giveaway.verify.backToRoom')}
    </Link>
  );

  const body = () => {
    if (id === 0) return <EmptyState message={t('giveaway.notFound')} />;
    if (detail.isPending) return <PageFallback />;
    if (detail.isError || !room) return <EmptyState message={t('giveaway.notFound')} />;
    if (room.state === GiveawayState.cancelled) return <EmptyState message={t('giveaway.cancelledNote')} />;
    if (!isVerifiable(room)) return <EmptyState message={t('giveaway.verify.notDrawn')}>{back}</EmptyState>;
    if (entries.isError) return <EmptyState message={t('giveaway.loadFailed')} />;
    if (!check) return <PageFallback />;
    return (
      <div className="flex flex-col gap-4" data-testid="giveaway-verify">
        <div
          className={`flex flex-wrap items-center gap-2 rounded-xl border p-4 ${check.ok ? 'border-emerald-500/40 bg-emerald-500/10' : 'border-accent-red/40 bg-accent-red/10'}`}
          data-testid="verify-summary"
          data-ok={check.ok}
        >
          <span className={`text-lg font-bold ${check.ok ? 'text-emerald-400' : 'text-accent-red'}`}>
            {check.ok ? `✓ ${t('giveaway.verify.summaryOk')}` : `✗ ${t('giveaway.verify.summaryBad')}`}
          </span>
          {check.beacon.independent ? null : <span className="text-sm text-accent-orange">{t('giveaway.verify.summaryLocal')}</span>}
        </div>
        <VerifyCommitment room={room} check={check} />
        <VerifyBeacon room={room} check={check} />
        <VerifyDraw room={room} check={check} />
      </div>
    );
  };

  return (
    <PageShell titleId="giveaway.verify.title" subtitle={t('giveaway.id', { id: raw })} actions={back}>
      <p className="text-sm text-slate-400">{t('giveaway.verify.intro')}</p>
      {body()}
    </PageShell>
  );
}
