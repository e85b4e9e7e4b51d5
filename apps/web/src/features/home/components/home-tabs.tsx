import { Suspense, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useT } from '../../../shared/i18n/use-t';
import type { MessageId } from '../../../shared/i18n/zh-CN';
import { useIsLoggedIn } from '../../../shared/storage/use-is-logged-in';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { OverlayButton } from '../../../shared/ui/overlay-button';

/**
 * Spec §2 /home tabs. The box, dream, battle, shop and account tabs show what app/ passes in (features never import each
 * other); the others show an honest empty state until their feature lands.
 */
const tabs: { key: string; label: MessageId; empty: MessageId }[] = [
  { key: 'box', label: 'home.tab.box', empty: 'empty.boxes' },
  { key: 'dream', label: 'home.tab.dream', empty: 'empty.dream' },
  { key: 'battle', label: 'home.tab.battle', empty: 'empty.battles' },
  { key: 'news', label: 'home.tab.news', empty: 'empty.news' },
  { key: 'account', label: 'home.tab.account', empty: 'empty.account' },
  { key: 'shop', label: 'home.tab.shop', empty: 'empty.shop' },
];

export interface HomePanels {
  box?: ReactNode;
  shop?: ReactNode;
  battle?: ReactNode;
  dream?: ReactNode;
  /** The news documents (资讯). */
  news?: ReactNode;
  /** The logged-in player's account panel. */
  account?: ReactNode;
}

function TabBody({ index, panels }: { index: number; panels: HomePanels }) {
  const t = useT();
  const loggedIn = useIsLoggedIn();
  const tab = tabs[index] ?? tabs[0]!;
  if (tab.key === 'box' && panels.box) return <>{panels.box}</>;
  if (tab.key === 'shop' && panels.shop) return <>{panels.shop}</>;
  if (tab.key === 'battle' && panels.battle) return <>{panels.battle}</>;
  if (tab.key === 'dream' && panels.dream) return <>{panels.dream}</>;
  if (tab.key === 'news' && panels.news) return <>{panels.news}</>;
  if (tab.key === 'account' && !loggedIn) {
    return (
      <EmptyState message={t('empty.account')}>
        <OverlayButton overlay="login" className="rounded-lg bg-accent-orange px-5 py-2 font-semibold text-black">
          {t('header.login')}
        </OverlayButton>
      </EmptyState>
    );
  }
  if (tab.key === 'account' && panels.account) return <>{panels.account}</>;
  return <EmptyState message={t(tab.empty)} />;
}

/** WAI-ARIA tabs: arrow keys move between tabs, Home/End jump to the ends. */
export function HomeTabs({ panels = {} }: { panels?: HomePanels }) {
  const t = useT();
  const baseId = useId();
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: active + 1,
      ArrowLeft: active - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + tabs.length) % tabs.length;
    setActive(next);
    buttons.current[next]?.focus();
  };

  return (
    <div className="flex flex-col gap-4">
      <div role="tablist" aria-label={t('home.tabs')} className="flex gap-1 overflow-x-auto border-b border-line">
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            ref={(el) => {
              buttons.current[index] = el;
            }}
            type="button"
            role="tab"
            onKeyDown={onKeyDown}
            id={`${baseId}-tab-${index}`}
            aria-selected={index === active}
            aria-controls={`${baseId}-panel`}
            tabIndex={index === active ? 0 : -1}
            onClick={() => setActive(index)}
            className={`whitespace-nowrap border-b-2 px-4 py-2 text-sm font-medium ${index === active ? 'border-accent-orange text-white' : 'border-transparent text-slate-400 hover:text-slate-200'}`}
          >
            {t(tab.label)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${active}`}>
        <Suspense fallback={<PageFallback />}>
          <TabBody index={active} panels={panels} />
        </Suspense>
      </div>
    </div>
  );
}
