import { Link } from 'react-router';
import { beijingTime } from '../format/beijing-time';
import { useT } from '../i18n/use-t';

/**
 * Withdrawals wait after a trade link, password or phone change or a login from a new device (issue 24 §2):
 * the backpack and the account settings both say until when, and what to do if the player did not do it.
 * Renders nothing when no hold is in force (`until` null or past).
 */
export function WithdrawalHoldNotice({ until }: { until: string | null | undefined }) {
  const t = useT();
  if (!until || Date.parse(until) <= Date.now()) return null;
  return (
    <p
      role="status"
      className="rounded-lg border border-accent-orange/40 bg-accent-orange/10 px-4 py-3 text-sm text-slate-200"
      data-testid="withdrawal-hold"
    >
      {t('withdrawalHold.notice', { at: beijingTime(until) })}{' '}
      <Link to="/docs/support" className="font-semibold text-accent-cyan hover:underline">
        {t('withdrawalHold.support')}
      </Link>
    </p>
  );
}
