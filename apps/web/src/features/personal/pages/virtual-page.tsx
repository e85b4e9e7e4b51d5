import type { ReactNode } from 'react';
import { AccountPage } from '../../../shared/ui/page-shell';
import { PersonalNav } from '../components/personal-nav';

/** /personal/virtual: avatar frames and name colours (buyVirtual, myVirtual); the body is passed by app/. */
export default function VirtualPage({ body }: { body?: ReactNode }) {
  return (
    <AccountPage titleId="title.personalVirtual" nav={<PersonalNav />}>
      {body}
    </AccountPage>
  );
}
