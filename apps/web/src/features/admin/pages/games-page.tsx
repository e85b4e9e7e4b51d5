import { useState, type KeyboardEvent } from 'react';
import { useGamesT } from '../i18n/games-messages';
import { BattlesTab } from '../components/games/battles-tab';
import { BotsTab } from '../components/games/bots-tab';
import { DreamTab } from '../components/games/dream-tab';
import { GiveawaysTab } from '../components/games/giveaways-tab';

const TABS = ['battles', 'giveaways', 'dream', 'bots'] as const;
type Tab = (typeof TABS)[number];

/** Issue 16 §9: battles and giveaways monitors (cancel with refunds, official giveaways), dream settings, bots. */
export default function GamesPage() {
  const t = useGamesT();
  const [tab, setTab] = useState<Tab>('battles');
  const onKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length]!;
    setTab(next);
    document.getElementById(`games-tab-${next}`)?.focus();
  };
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('games.title')}</h1>
      <div role="tablist" aria-label={t('games.tabs')} className="flex gap-2 border-b border-line">
        {TABS.map((name) => (
          <button
            key={name}
            id={`games-tab-${name}`}
            type="button"
            role="tab"
            onKeyDown={onKey}
            aria-selected={tab === name}
            aria-controls={`games-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className={`px-3 py-2 text-sm ${tab === name ? 'border-b-2 border-accent-orange text-white' : 'text-slate-400'}`}
            onClick={() => setTab(name)}
          >
            {t(`games.tab.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`games-panel-${tab}`} aria-labelledby={`games-tab-${tab}`}>
        {tab === 'battles' ? <BattlesTab /> : null}
        {tab === 'giveaways' ? <GiveawaysTab /> : null}
        {tab === 'dream' ? <DreamTab /> : null}
        {tab === 'bots' ? <BotsTab /> : null}
      </div>
    </section>
  );
}
