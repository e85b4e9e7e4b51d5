import { useSysConfig } from '../../shared/api/common-queries';
import { useT } from '../../shared/i18n/use-t';
import { Dialog } from '../../shared/ui/dialog';

/** Spec §3: the public notice (sysConfig.publicText) is shown when showPublicText is true. */
export function PublicNoticeOverlay({ onClose }: { onClose: () => void }) {
  const t = useT();
  const config = useSysConfig().data;
  const text = config?.showPublicText ? config.publicText : '';
  return (
    <Dialog title={t('overlay.publicNotice')} onClose={onClose} testId="overlay-publicNotice">
      <p className="whitespace-pre-line text-slate-200">{text || t('notice.empty')}</p>
    </Dialog>
  );
}
