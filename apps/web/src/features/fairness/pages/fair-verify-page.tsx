import { Link, useParams } from 'react-router';
import { useT } from '../../../shared/i18n/use-t';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { PageShell } from '../../../shared/ui/page-shell';
import { useRollRecord } from '../api/verify-by-id';
import { RollRecordView } from '../components/roll-record-view';
import { VerifyForm } from '../components/verify-form';

/** Spec §2 /provably-fair/verify[/{id}]: verification by server seed, client seed and roll id, in the browser. */
export default function FairVerifyPage() {
  const t = useT();
  const { id } = useParams();
  const verifyId = id && /^\d+$/.test(id) ? Number(id) : 0;
  const { data, isPending, isError } = useRollRecord(verifyId);

  let body;
  if (!id) body = <VerifyForm />;
  else if (verifyId === 0 || isError) body = <EmptyState message={t('fair.noRecord')} />;
  else if (isPending || !data) body = <PageFallback />;
  else body = <RollRecordView record={data} />;

  return (
    <PageShell
      titleId="title.fairVerify"
      {...(id ? { subtitle: t('fair.verifyId', { id }) } : {})}
      actions={
        <Link to="/provably-fair" className="text-sm text-accent-cyan hover:underline">
          {t('fair.backToSeeds')}
        </Link>
      }
    >
      <p className="text-sm text-slate-400">{t('fair.verifyIntro')}</p>
      {body}
    </PageShell>
  );
}
