import { useEffect } from 'react';
import { useSysConfig } from '../api/common-queries';
import { useT } from '../i18n/use-t';

/** The strip's height; dialogs start below it (`--sandbox-strip`), so it stays readable above them too. */
const STRIP_HEIGHT = '1.25rem';

/**
 * On a sandbox server, a notice that stays on screen (issue 9 §1): codes, payments and credits here are
 * fake, so nobody should mistake this site for the real one or bring real money to it.
 *
 * A thin strip in the layout flow at the top of the page, never laid over it (issue 30 §6, decision
 * 0053): the player site puts it in its sticky header, the console pins it above its frame. Nothing sits
 * under it, and a dialog opens below it instead of covering it.
 */
export function SandboxBadge({ pinned = false }: { pinned?: boolean }) {
  const t = useT();
  const sandbox = useSysConfig().data?.sandbox ?? false;
  useEffect(() => {
    if (!sandbox) return;
    const root = document.documentElement;
    root.style.setProperty('--sandbox-strip', STRIP_HEIGHT);
    return () => {
      root.style.removeProperty('--sandbox-strip');
    };
  }, [sandbox]);
  if (!sandbox) return null;
  return (
    <div
      role="status"
      data-testid="sandbox-badge"
      title={t('sandbox.badgeHint')}
      style={{ height: STRIP_HEIGHT }}
      className={`${pinned ? 'sticky top-0 z-40' : ''} flex shrink-0 items-center justify-center overflow-hidden bg-amber-500 px-3 text-xs leading-none font-bold whitespace-nowrap text-black`}
    >
      {t('sandbox.badge')}
    </div>
  );
}
