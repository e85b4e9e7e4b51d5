import { Link } from 'react-router';
import { useT } from '../../../shared/i18n/use-t';
import { PageShell } from '../../../shared/ui/page-shell';
import { useCustomerService } from '../api/get-customer-service';
import { DocumentList } from '../components/document-list';
import { DocumentSearch, useSettledKeyword } from '../components/document-search';
import { DocumentView } from '../components/document-view';

/** The contact ways from common/customerService: a real channel, never a link back to this page. */
function ContactCard() {
  const t = useT();
  const service = useCustomerService().data;
  if (!service) return null;
  return (
    <aside
      aria-label={t('support.ways')}
      className="flex flex-col gap-3 rounded-xl border border-accent-cyan/40 bg-panel px-5 py-4"
      data-testid="support-contact"
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-slate-400">{t('support.email')}</dt>
        <dd>
          <a href={`mailto:${service.email}`} className="break-all text-accent-cyan underline" data-testid="support-email">
            {service.email}
          </a>
        </dd>
        <dt className="text-slate-400">{t('support.hours')}</dt>
        <dd className="text-slate-200">{service.hours}</dd>
        <dt className="text-slate-400">{t('support.reply')}</dt>
        <dd className="text-slate-200">{t('support.replyWithin', { hours: service.replyWithinHours })}</dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        {service.chatUrl ? (
          <a
            href={service.chatUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-lg bg-accent-orange px-4 py-2 text-sm font-semibold text-black"
          >
            {t('support.chat')}
          </a>
        ) : null}
        <Link to="/docs/help" className="rounded-lg border border-line bg-panel-2 px-4 py-2 text-sm text-white hover:brightness-125">
          {t('support.helpCentre')}
        </Link>
      </div>
    </aside>
  );
}

/** Spec §1/§2 /docs/support: how to reach support (contact ways, the support documents with search, the main one). */
export default function SupportPage() {
  const search = useSettledKeyword();
  return (
    <PageShell titleId="title.docsSupport">
      <ContactCard />
      <DocumentSearch value={search.input} onChange={search.setInput} />
      <DocumentList category="support" title="content.category.support" keyword={search.keyword} section="support" />
      <DocumentView docKey="support" headingLevel={2} />
    </PageShell>
  );
}
