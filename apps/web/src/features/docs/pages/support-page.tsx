import { useSysConfig } from '../../../shared/api/common-queries';
import { useT } from '../../../shared/i18n/use-t';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageShell } from '../../../shared/ui/page-shell';

/** Spec §1/§2 /docs/support: the customer-service link from the system config. */
export default function SupportPage() {
  const t = useT();
  const url = useSysConfig().data?.customerServiceUrl;
  return (
    <PageShell titleId="title.docsSupport">
      <EmptyState message={t('empty.docs')}>
        {url ? (
          <a
            href={url}
            target="_blank"
            rel="noreferrer"
            className="text-accent-cyan underline hover:brightness-125"
          >
            {t('footer.support')}
          </a>
        ) : null}
      </EmptyState>
    </PageShell>
  );
}
