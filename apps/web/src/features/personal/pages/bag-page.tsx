import type { ReactNode } from 'react';
import { PageShell } from '../../../shared/ui/page-shell';
import { LoginRequired } from '../../../shared/ui/login-required';
import { PersonalNav } from '../components/personal-nav';

/**
 * Spec §2 /personal/bag: the backpack of won items. Login only (spec §6). Its body (grid, swap,
 * retrieval and the record centre) is the backpack feature, passed in by app/.
 */
export default function BagPage({ body }: { body?: ReactNode }) {
  return (
    <PageShell titleId="title.personalBag">
      <PersonalNav />
      <LoginRequired>{body}</LoginRequired>
    </PageShell>
  );
}
