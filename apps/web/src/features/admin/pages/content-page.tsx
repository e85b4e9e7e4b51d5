import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { useContentT, type ContentMessageId } from '../i18n/content-messages';
import { BannersTab } from '../components/content/banners-tab';
import { DocumentsTab } from '../components/content/documents-tab';
import { EventsTab } from '../components/content/events-tab';
import { useCanWriteContent } from '../components/content/editor-form';
import { NoticesTab } from '../components/content/notices-tab';
import { PromotionsTab } from '../components/content/promotions-tab';
import { SiteTab } from '../components/content/site-tab';
import { ConsoleTabs } from '../components/console-tabs';
import { ConsolePage } from '../components/console-page';

const tabs = ['documents', 'notices', 'banners', 'events', 'promotions', 'site'] as const;
type Tab = (typeof tabs)[number];
const panels: Record<Tab, () => React.JSX.Element> = {
  documents: DocumentsTab,
  notices: NoticesTab,
  banners: BannersTab,
  events: EventsTab,
  promotions: PromotionsTab,
  site: SiteTab,
};

/**
 * Issue 16 §10: documents, notices, banners, events and the promotions page, and issue 27 §5's site
 * settings, one tab each (WAI-ARIA tabs: arrow keys, Home and End move between them; the chosen one is in
 * the address, `?tab=`).
 */
export default function ContentPage() {
  const t = useContentT();
  const canWrite = useCanWriteContent();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const active: Tab = (tabs as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'documents';
  const base = useId();
  const Panel = panels[active];
  return (
    <ConsolePage title={t('content.title')}>
      {!canWrite ? <p className="text-sm text-slate-400">{t('content.readOnly')}</p> : null}
      <ConsoleTabs
        id={base}
        label={t('content.tabs')}
        tabs={tabs}
        active={active}
        onSelect={(tab) => setSearch(tab === 'documents' ? {} : { tab }, { replace: true })}
        tabLabel={(tab) => t(`content.tab.${tab}` as ContentMessageId)}
        listClass="flex flex-wrap gap-1 border-b border-line"
        tabClass={(selected) =>
          `-mb-px rounded-t border-b-2 px-3 py-2 text-sm ${selected ? 'border-accent-orange text-white' : 'border-transparent text-slate-400 hover:text-slate-200'}`
        }
      >
        <Panel />
      </ConsoleTabs>
    </ConsolePage>
  );
}
