import { useState } from 'react';
import { BattleStateCode } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { useIsLoggedIn } from '../../../shared/storage/use-is-logged-in';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageShell } from '../../../shared/ui/page-shell';
import { Segmented } from '../../../shared/ui/segmented';
import { useReportPageLoaded } from '../../../shared/stores/page-loaded-store';
import { useBattleList } from '../api/get-list';
import { useCurrentBattles } from '../api/get-current-list';
import { useMyBattles } from '../api/get-my-battle-list';
import { BattleList } from '../components/battle-list';
import { BattleRanking } from '../components/battle-ranking';
import { BattleRules } from '../components/battle-rules';
import { useBattleLive } from '../hooks/use-battle-live';
import { battleBasePath, battleModeCode, battleTitles, type BattleMode } from '../battle-mode';

type Tab = 'current' | 'mine' | 'history' | 'ranking' | 'rules';
const tabs: readonly Tab[] = ['current', 'mine', 'history', 'ranking', 'rules'];

/**
 * Spec §2 /battle and /reverse: the arena (official = open and running, mine, history, ranking, rules).
 * /reverse shows only non-chieftain (fq) battles. Spec §2/§4: this page reports loaded so the live feed
 * connects, and battle events 31/32/33 refresh the lists and the ranking.
 */
export default function BattleListPage({ mode = 'battle' }: { mode?: BattleMode }) {
  const t = useT();
  useReportPageLoaded();
  useBattleLive();
  const loggedIn = useIsLoggedIn();
  const [tab, setTab] = useState<Tab>('current');
  const [page, setPage] = useState(1);
  const modeCode = battleModeCode(mode);
  const base = battleBasePath(mode);

  const current = useCurrentBattles({ mode: modeCode, page }, tab === 'current');
  const mine = useMyBattles({ mode: modeCode, page }, tab === 'mine');
  const history = useBattleList({ mode: modeCode, state: BattleStateCode.ended, page }, tab === 'history');

  const panel = () => {
    switch (tab) {
      case 'current':
        return <BattleList query={current} basePath={base} emptyMessage={t('battle.emptyCurrent')} onPage={setPage} />;
      case 'mine':
        return loggedIn ? (
          <BattleList query={mine} basePath={base} emptyMessage={t('battle.emptyMine')} onPage={setPage} />
        ) : (
          <EmptyState message={t('battle.loginForMine')} />
        );
      case 'history':
        return <BattleList query={history} basePath={base} emptyMessage={t('battle.emptyHistory')} onPage={setPage} />;
      case 'ranking':
        return <BattleRanking />;
      case 'rules':
        return <BattleRules />;
    }
  };
  return (
    <PageShell titleId={battleTitles[mode].list} link={{ to: `${base}/create`, label: t(battleTitles[mode].create), look: 'create' }}>
      <div className="flex flex-col gap-4">
        <Segmented
          label={t('battle.tabs')}
          options={tabs.map((value) => ({ value, label: t(`battle.tab.${value}`) }))}
          value={tab}
          onChange={(next) => {
            setTab(next);
            setPage(1);
          }}
          testId="battle-tabs"
        />
        {panel()}
      </div>
    </PageShell>
  );
}
