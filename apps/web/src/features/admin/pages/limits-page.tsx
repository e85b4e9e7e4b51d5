import { roleHasPermission } from '@skinfair/contract';
import { useLimitsT } from '../i18n/limits-messages';
import { useAdminMe } from '../api/session';
import { ApprovalsPanel } from '../components/limits/approvals-panel';
import { TodayPanel } from '../components/limits/today-panel';
import { SettingsPanel } from '../components/limits/settings-panel';
import { useConsoleTitle } from '../components/console-page';

/**
 * Issue 24 §11 (decision 0048): the requests waiting for a second operator, the value each operator created
 * today against their caps, and the limits themselves (admins change them).
 */
export default function LimitsPage() {
  const t = useLimitsT();
  useConsoleTitle(t('limits.title'));
  const me = useAdminMe();
  const canWrite = me.data ? roleHasPermission(me.data.role, 'limits.write') : false;
  return (
    <section className="flex flex-col gap-8">
      <h1 className="text-2xl font-bold">{t('limits.title')}</h1>
      <ApprovalsPanel />
      <TodayPanel />
      <SettingsPanel canWrite={canWrite} />
    </section>
  );
}
