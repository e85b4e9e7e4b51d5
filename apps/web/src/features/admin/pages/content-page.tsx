import { useId, useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useContentT, type ContentMessageId } from '../i18n/content-messages';
import { BannersTab } from '../components/content/banners-tab';
import { DocumentsTab } from '../components/content/documents-tab';
import { EventsTab } from '../components/content/events-tab';
import { useCanWriteContent } from '../components/content/editor-form';
import { NoticesTab } from '../components/content/notices-tab';
import { PromotionsTab } from '../components/content/promotions-tab';

const tabs = ['documents', 'notices', 'banners', 'events', 'promotions'] as const;
type Tab = (typeof tabs)[number];
const panels: Record<Tab, () => React.JSX.Element> = {
  documents: DocumentsTab,
  notices: NoticesTab,
  banners: BannersTab,
  events: EventsTab,
  promotions: PromotionsTab,
};

/**
 * Issue 16 §10: documents, notices, banners, events and the promotions page, one tab each (WAI-ARIA tabs:
 * arrow keys, Home and End move between them; the chosen one is in the address, `?tab=`).
 */
export default function ContentPage() {
  const t = useContentT();
  const canWrite = useCanWriteContent();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const active: Tab = (tabs as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'documents';
  const base = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const choose = (tab: Tab) => {
    setSearch(tab === 'documents' ? {} : { tab }, { replace: true });
    refs.current[tab]?.focus();
  };
  const onKey = (event: KeyboardEvent) => {
    const i = tabs.indexOf(active);
    const next =
      event.key === 'ArrowRight'
        ? tabs[(i + 1) % tabs.length]
        : event.key === 'ArrowLeft'
          ? tabs[(i + tabs.length - 1) % tabs.length]
          : event.key === 'Home'
            ? tabs[0]
            : event.key === 'End'
              ? tabs[tabs.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    choose(next);
  };
  const Panel = panels[active];
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('content.title')}</h1>
      {!canWrite ? <p className="text-sm text-slate-400">{t('content.readOnly')}</p> : null}
      <div role="tablist" aria-label={t('content.tabs')} className="flex flex-wrap gap-1 border-b border-line">
        {tabs.map((tab) => (
          <button
            key={tab}
            ref={(el) => {
              refs.current[tab] = el;
            }}
            type="button"
            role="tab"
            onKeyDown={onKey}
            id={`${base}-tab-${tab}`}
            aria-selected={tab === active}
            aria-controls={`${base}-panel`}
            tabIndex={tab === active ? 0 : -1}
            onClick={() => choose(tab)}
            className={`-mb-px rounded-t border-b-2 px-3 py-2 text-sm ${tab === active ? 'border-accent-orange text-white' : 'border-transparent text-slate-400 hover:text-slate-200'}`}
          >
            {t(`content.tab.${tab}` as ContentMessageId)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${active}`} tabIndex={0}>
        <Panel />
      </div>
    </section>
  );
}
