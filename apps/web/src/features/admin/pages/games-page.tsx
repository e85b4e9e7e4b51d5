import { useState } from 'react';
import { useGamesT } from '../i18n/games-messages';
import { ConsoleTabs } from '../components/console-tabs';
import { BattlesTab } from '../components/games/battles-tab';
import { BotsTab } from '../components/games/bots-tab';
import { DreamTab } from '../components/games/dream-tab';
import { GiveawaysTab } from '../components/games/giveaways-tab';
import { ConsolePage } from '../components/console-page';

const TABS = ['battles', 'giveaways', 'dream', 'bots'] as const;
type Tab = (typeof TABS)[number];

/** Issue 16 §9: battles and giveaways monitors (cancel with refunds, official giveaways), dream settings, bots. */
export default function GamesPage() {
  const t = useGamesT();
  const [tab, setTab] = useState<Tab>('battles');
  return (
    <ConsolePage title={t('games.title')}>
      <ConsoleTabs
        id="games"
        label={t('games.tabs')}
        tabs={TABS}
        active={tab}
        onSelect={setTab}
        tabLabel={(name) => t(`games.tab.${name}`)}
        listClass="flex gap-2 border-b border-line"
        tabClass={(selected) => `px-3 py-2 text-sm ${selected ? 'border-b-2 border-accent-orange text-white' : 'text-slate-400'}`}
      >
        {tab === 'battles' ? <BattlesTab /> : null}
        {tab === 'giveaways' ? <GiveawaysTab /> : null}
        {tab === 'dream' ? <DreamTab /> : null}
        {tab === 'bots' ? <BotsTab /> : null}
      </ConsoleTabs>
    </ConsolePage>
  );
}
