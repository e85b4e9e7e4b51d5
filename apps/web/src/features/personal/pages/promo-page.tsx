import { useT } from '../../../shared/i18n/use-t';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageShell } from '../../../shared/ui/page-shell';
import { LoginRequired } from '../../../shared/ui/login-required';
import { PersonalNav } from '../components/personal-nav';

/** Spec §2 /personal/promo: the partner page. Login only (spec §6); the accounts issue fills the body. */
export default function PromoPage() {
  const t = useT();
  return (
    <PageShell titleId="title.personalPromo">
      <PersonalNav />
      <LoginRequired>
        <EmptyState message={t('feature.comingSoon')} />
      </LoginRequired>
    </PageShell>
  );
}
