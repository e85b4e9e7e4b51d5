import { useSysConfig } from '../api/common-queries';
import { useT } from '../i18n/use-t';

/**
 * On a sandbox server, a badge that stays on screen (issue 9 §1): codes, payments and credits here are
 * fake, so nobody should mistake this site for the real one or bring real money to it.
 */
export function SandboxBadge() {
  const t = useT();
  const sandbox = useSysConfig().data?.sandbox ?? false;
  if (!sandbox) return null;
  return (
    <div
      role="status"
      data-testid="sandbox-badge"
      title={t('sandbox.badgeHint')}
      className="pointer-events-none fixed bottom-3 left-3 z-[60] rounded-full border border-amber-300/60 bg-amber-500/90 px-3 py-1 text-xs font-bold text-black shadow-lg"
    >
      {t('sandbox.badge')}
    </div>
  );
}
