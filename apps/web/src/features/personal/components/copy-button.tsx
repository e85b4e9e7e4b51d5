import { toast } from '../../../shared/ui/toast';
import { useT } from '../../../shared/i18n/use-t';
import { copyText } from '../personal-math';

/** Copies `text` with navigator.clipboard and says "已复制" (or that copying failed). */
export function CopyButton({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const t = useT();
  return (
    <button
      type="button"
      aria-label={label}
      data-testid={testId}
      onClick={() =>
        void copyText(text).then((ok) => (ok ? toast.success(t('common.copied'), { id: 'copied' }) : toast.error(t('common.copyFailed'))))
      }
      className="shrink-0 rounded-lg bg-panel-2 px-3 py-2 text-sm text-slate-100 hover:brightness-125"
    >
      {t('common.copy')}
    </button>
  );
}
