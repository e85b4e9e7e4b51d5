import type { ReactNode } from 'react';
import { PageShell } from '../../../shared/ui/page-shell';
import { PersonalNav } from '../components/personal-nav';

/**
 * Spec §2 /personal: the account overview. Its body (profile card and account settings) is the account
 * feature, passed in by app/ (features never import each other); it asks guests to log in (spec §6).
 */
export default function PersonalPage({ overview }: { overview?: ReactNode }) {
  return (
    <PageShell titleId="title.personal">
      <PersonalNav />
      {overview}
    </PageShell>
  );
}
