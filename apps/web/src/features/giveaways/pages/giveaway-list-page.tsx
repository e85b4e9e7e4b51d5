import { useState } from 'react';
import { useT } from '../../../shared/i18n/use-t';
import { useIsLoggedIn } from '../../../shared/storage/use-is-logged-in';
import { LoginPrompt } from '../../../shared/ui/login-required';
import { PageShell } from '../../../shared/ui/page-shell';
import { Segmented } from '../../../shared/ui/segmented';
import { useReportPageLoaded } from '../../../shared/stores/page-loaded-store';
import { useGiveawayPage, type GiveawayListState, type GiveawayListType } from '../api/get-giveaway-page';
import { GiveawayList } from '../components/giveaway-list';
import { useGiveawayLive } from '../hooks/use-giveaway-live';

const types: readonly GiveawayListType[] = [1, 2, 0];
const typeLabel = { 1: 'giveaway.tab.official', 2: 'giveaway.tab.streamer', 0: 'giveaway.tab.joined' } as const;
const states: readonly GiveawayListState[] = [1, 2];
const stateLabel = { 1: 'giveaway.filter.running', 2: 'giveaway.filter.ended' } as const;

/**
 * Spec §2 /giveaways (issue 14): official, streamer and player rooms, and the rooms I joined; in progress
 * or ended. The page keeps the live socket open so event 41 refreshes the list without a reload.
 */
export default function GiveawayListPage() {
  const t = useT();
  useReportPageLoaded();
  useGiveawayLive();
  const loggedIn = useIsLoggedIn();
  const [type, setType] = useState<GiveawayListType>(1);
  const [state, setState] = useState<GiveawayListState>(1);
  const [page, setPage] = useState(1);
  const needsLogin = type === 0 && !loggedIn;
  const query = useGiveawayPage({ type, state, page }, !needsLogin);

  return (
    <PageShell titleId="title.giveaways" link={{ to: '/giveaways/create', label: t('giveaway.createMine'), look: 'create' }}>
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Segmented
            label={t('giveaway.tabs')}
            options={types.map((value) => ({ value, label: t(typeLabel[value]) }))}
            value={type}
            onChange={(next) => {
              setType(next);
              setPage(1);
            }}
            testId="giveaway-tabs"
          />
          <Segmented
            label={t('giveaway.filter')}
            size="sm"
            options={states.map((value) => ({ value, label: t(stateLabel[value as 1 | 2]) }))}
            value={state}
            onChange={(next) => {
              setState(next);
              setPage(1);
            }}
            testId="giveaway-filter"
          />
        </div>
        {needsLogin ? (
          <LoginPrompt />
        ) : (
          <GiveawayList query={query} emptyMessage={t(state === 1 ? 'giveaway.emptyRunning' : 'giveaway.emptyEnded')} onPage={setPage} />
        )}
      </div>
    </PageShell>
  );
}
