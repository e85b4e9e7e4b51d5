import { useMemo } from 'react';
import { useParams } from 'react-router';
import { GiveawayState } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { PageLinkTo, PageShell, type PageLink } from '../../../shared/ui/page-shell';
import { VerifySummary } from '../../../shared/ui/verify-mark';
import { useGiveawayDetail } from '../api/get-giveaway-detail';
import { useGiveawayEntries } from '../api/get-giveaway-entries';
import { VerifyBeacon, VerifyCommitment } from '../components/verify-inputs';
import { VerifyDraw } from '../components/verify-draw';
import { isVerifiable, verifyGiveaway } from '../giveaway-verify';
import { roomIdOf } from '../room-id';

const summaryTexts = { ok: 'giveaway.verify.summaryOk', bad: 'giveaway.verify.summaryBad', local: 'giveaway.verify.summaryLocal' } as const;

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
  const back: PageLink = { to: `/giveaways/${raw}`, label: t('giveaway.verify.backToRoom'), look: 'back' };

  const body = () => {
    if (id === 0) return <EmptyState message={t('giveaway.notFound')} />;
    if (detail.isPending) return <PageFallback />;
    if (detail.isError || !room) return <EmptyState message={t('giveaway.notFound')} />;
    if (room.state === GiveawayState.cancelled) return <EmptyState message={t('giveaway.cancelledNote')} />;
    if (!isVerifiable(room))
      return (
        <EmptyState message={t('giveaway.verify.notDrawn')}>
          <PageLinkTo link={back} />
        </EmptyState>
      );
    if (entries.isError) return <EmptyState message={t('giveaway.loadFailed')} />;
    if (!check) return <PageFallback />;
    return (
      <div className="flex flex-col gap-4" data-testid="giveaway-verify">
        <VerifySummary check={check} texts={summaryTexts} />
        <VerifyCommitment room={room} check={check} />
        <VerifyBeacon room={room} check={check} />
        <VerifyDraw room={room} check={check} />
      </div>
    );
  };

  return (
    <PageShell titleId="giveaway.verify.title" subtitle={t('giveaway.id', { id: raw })} link={back}>
      <p className="text-sm text-slate-400">{t('giveaway.verify.intro')}</p>
      {body()}
    </PageShell>
  );
}
