import { useParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageShell } from '../../../shared/ui/page-shell';
import { useT } from '../../../shared/i18n/use-t';

/** Spec §2 /provably-fair/verify[/{id}]: verification by server seed, client seed and roll id. */
export default function FairVerifyPage() {
  const t = useT();
  const { id } = useParams();
  return (
    <PageShell titleId="title.fairVerify" {...(id ? { subtitle: t('fair.verifyId', { id }) } : {})}>
      <EmptyState message={t('feature.comingSoon')} />
    </PageShell>
  );
}
