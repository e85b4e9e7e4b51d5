import type { ReactNode } from 'react';
import { AccountPage } from '../../../shared/ui/page-shell';
import { PersonalNav } from '../components/personal-nav';

/**
 * Spec §2 /personal/bag: the backpack of won items. Login only (spec §6). Its body (grid, swap,
 * retrieval and the record centre) is the backpack feature, passed in by app/.
 */
export default function BagPage({ body }: { body?: ReactNode }) {
  return (
    <AccountPage titleId="title.personalBag" nav={<PersonalNav />}>
      {body}
    </AccountPage>
  );
}
