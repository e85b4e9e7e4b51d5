import type { MessageId } from '../i18n/zh-CN';
import { useT } from '../i18n/use-t';
import { Dialog } from './dialog';

/** A real panel frame whose feature has not landed yet: its title and an honest "coming soon". */
export function ComingSoonDialog({
  titleId,
  onClose,
  testId,
}: {
  titleId: MessageId;
  onClose: () => void;
  testId?: string;
}) {
  const t = useT();
  return (
    <Dialog title={t(titleId)} onClose={onClose} {...(testId ? { testId } : {})}>
      <p className="py-6 text-center text-slate-300">{t('feature.comingSoon')}</p>
    </Dialog>
  );
}
