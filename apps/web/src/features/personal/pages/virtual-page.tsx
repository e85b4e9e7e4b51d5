import type { ReactNode } from 'react';
import { LoginRequired } from '../../../shared/ui/login-required';
import { PageShell } from '../../../shared/ui/page-shell';
import { PersonalNav } from '../components/personal-nav';

/** /personal/virtual: avatar frames and name colours (buyVirtual, myVirtual); the body is passed by app/. */
export default function VirtualPage({ body }: { body?: ReactNode }) {
  return (
    <PageShell titleId="title.personalVirtual">
      <PersonalNav />
      <LoginRequired>{body}</LoginRequired>
    </PageShell>
  );
}
