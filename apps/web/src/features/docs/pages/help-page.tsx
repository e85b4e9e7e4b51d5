import type { DocumentCategory } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import type { MessageId } from '../../../shared/i18n/zh-CN';
import { PageShell } from '../../../shared/ui/page-shell';
import { DocumentList } from '../components/document-list';
import { DocumentSearch, useSettledKeyword } from '../components/document-search';

const sections: { category: DocumentCategory; title: MessageId }[] = [
  { category: 'help', title: 'doc.category.help' },
  { category: 'legal', title: 'doc.category.legal' },
];

/** Spec §2 /docs/help: the help centre, the server's help and legal documents with search, and the way to support. */
export default function HelpPage() {
  const t = useT();
  const search = useSettledKeyword();
  return (
    <PageShell titleId="title.docsHelp" link={{ to: '/docs/support', label: t('support.contact'), look: 'contact' }}>
      <DocumentSearch value={search.input} onChange={search.setInput} />
      {sections.map((s) => (
        <DocumentList key={s.category} {...s} keyword={search.keyword} />
      ))}
    </PageShell>
  );
}
