import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { BattleStateCode, type BattleResults } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { PageLinkTo, PageShell, type PageLink } from '../../../shared/ui/page-shell';
import { VerifySummary } from '../../../shared/ui/verify-mark';
import { useReportPageLoaded } from '../../../shared/stores/page-loaded-store';
import { useBoxOdds } from '../api/get-box-odds';
import { battleResultsQuery } from '../api/get-battle-results';
import { battleBasePath, type BattleMode } from '../battle-mode';
import { isVerifiable, verifyBattle } from '../battle-verify';
import { BattleVerifyBeacon } from '../components/battle-verify-beacon';
import { BattleVerifyRolls } from '../components/battle-verify-rolls';
import { BattleVerifySeeds } from '../components/battle-verify-seeds';
import { BattleVerifyWinner } from '../components/battle-verify-winner';

const summaryTexts = { ok: 'battle.verify.summaryOk', bad: 'battle.verify.summaryBad', local: 'battle.verify.summaryLocal' } as const;

const positiveInt = (v: string | null) => (v && /^[1-9]\d{0,5}$/.test(v) ? Number(v) : null);

/** Still moving towards a verifiable state: waiting, locked, or revealing its rounds. */
const inProgress = (b: BattleResults) => !isVerifiable(b) && b.state !== BattleStateCode.cancelled && b.state !== BattleStateCode.voided;

/**
 * /battle/{code}/verify (and /reverse/…): a finished battle recomputed in this browser from published data
 * only (issue 12, PF v1 §7, §10): the beacon, the seeds, every roll with its steps, and the winner.
 * `?round=R&pos=P` opens one roll (the room links each roll here).
 */
export default function BattleVerifyPage({ mode = 'battle' }: { mode?: BattleMode }) {
  const t = useT();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  useReportPageLoaded();
  const results = useQuery({
    ...battleResultsQuery(id),
    enabled: id !== '',
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && inProgress(data) ? data.roundMs : false;
    },
  });
  const battle = results.data ?? null;
  const ready = battle !== null && isVerifiable(battle);
  const boxIds = useMemo(() => [...new Set((battle?.boxList ?? []).map((b) => b.boxId))], [battle]);
  const { odds, settled } = useBoxOdds(boxIds, ready);
  // BLS and every HMAC: computed once per answer, not per render.
  const check = useMemo(() => (battle && ready && settled ? verifyBattle(battle, { odds }) : null), [battle, ready, settled, odds]);
  const round = positiveInt(search.get('round'));
  const pos = positiveInt(search.get('pos'));
  const focus = round !== null && pos !== null ? { round, pos } : null;
  const back: PageLink = { to: `${battleBasePath(mode)}/${encodeURIComponent(id)}`, label: t('battle.verify.backToRoom'), look: 'back' };

  const body = () => {
    if (results.isPending) return <PageFallback />;
    if (results.isError || !battle) return <EmptyState message={t('battle.verify.notFound')} />;
    if (battle.state === BattleStateCode.cancelled || battle.state === BattleStateCode.voided)
      return <EmptyState message={t('battle.verify.nothing')} />;
    if (!ready)
      return (
        <EmptyState message={t('battle.verify.notFinished')}>
          <PageLinkTo link={back} />
        </EmptyState>
      );
    if (!check) return <PageFallback />;
    return (
      <div className="flex flex-col gap-4" data-testid="battle-verify">
        <VerifySummary check={check} texts={summaryTexts} />
        <BattleVerifyBeacon battle={battle} check={check} />
        <BattleVerifySeeds battle={battle} check={check} />
        <BattleVerifyRolls battle={battle} check={check} focus={focus} />
        <BattleVerifyWinner battle={battle} check={check} />
      </div>
    );
  };

  return (
    <PageShell titleId="battle.verify.title" subtitle={t('battle.id', { id })} link={back}>
      <p className="text-sm text-slate-400">{t('battle.verify.intro')}</p>
      {body()}
    </PageShell>
  );
}
