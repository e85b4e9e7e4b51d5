import { useParams } from 'react-router';
import { useT } from '../../../shared/i18n/use-t';
import { useIsLoggedIn } from '../../../shared/storage/use-is-logged-in';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoginPrompt } from '../../../shared/ui/login-required';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { PageShell } from '../../../shared/ui/page-shell';
import { useRollRecord, type RollRef } from '../api/verify-by-id';
import { RollRecordView } from '../components/roll-record-view';
import { VerifyForm } from '../components/verify-form';

/**
 * The path names a roll by its sequential id (what the owner's own records link to) or by the random id
 * of a share link (decision 0017); anything else names nothing.
 */
function rollRef(id: string | undefined): RollRef | null {
  if (!id) return null;
  if (/^[1-9]\d{0,15}$/.test(id)) return { verifyId: Number(id) };
  if (/^[A-Za-z0-9_-]{16,64}$/.test(id)) return { shareId: id };
  return null;
}

/** Spec §2 /provably-fair/verify[/{id}]: verification by server seed, client seed and roll id, in the browser. */
export default function FairVerifyPage() {
  const t = useT();
  const { id } = useParams();
  const ref = rollRef(id);
  const loggedIn = useIsLoggedIn();
  const { data, isPending, isError } = useRollRecord(ref);

  let body;
  if (!id) body = <VerifyForm />;
  else if (ref === null || isError) body = <EmptyState message={t('fair.noRecord')} />;
  // Only its owner may open a roll by its number; a visitor is asked to log in.
  else if ('verifyId' in ref && !loggedIn) body = <LoginPrompt />;
  else if (isPending || !data) body = <PageFallback />;
  else body = <RollRecordView record={data} />;

  const subtitle =
    data?.verifyId != null ? t('fair.verifyId', { id: data.verifyId }) : ref && 'shareId' in ref ? t('fair.sharedRecord') : undefined;
  return (
    <PageShell
      titleId="title.fairVerify"
      {...(subtitle ? { subtitle } : {})}
      link={{ to: '/provably-fair', label: t('fair.backToSeeds'), look: 'back' }}
    >
      <p className="text-sm text-slate-400">{t('fair.verifyIntro')}</p>
      {body}
    </PageShell>
  );
}
