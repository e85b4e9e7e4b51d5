import { useState } from 'react';
import { useT } from '../../../shared/i18n/use-t';
import { useSettingsStore } from '../../../shared/stores/settings-store';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { useMoney } from '../../../shared/ui/price';

/** "确认花费 ¥x 开启 n 个？" with a "don't ask again" box remembered in settings (skipOpenConfirm). */
export function OpenConfirmDialog({
  totalFen,
  count,
  onConfirm,
  onCancel,
}: {
  totalFen: number;
  count: number;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const formatMoney = useMoney();
  const setSetting = useSettingsStore((s) => s.set);
  const [skip, setSkip] = useState(false);
  return (
    <ConfirmDialog
      title={t('box.confirmTitle')}
      confirmLabel={t('box.confirmOpen')}
      onCancel={onCancel}
      onConfirm={() => {
        if (skip) setSetting('skipOpenConfirm', true);
        onConfirm();
      }}
      testId="open-confirm"
    >
      <p className="text-base" data-testid="open-confirm-text">
        {t('box.confirmText', { amount: formatMoney(totalFen), count })}
      </p>
      <label className="mt-4 flex items-center gap-2 text-sm text-slate-400">
        <input type="checkbox" checked={skip} onChange={(e) => setSkip(e.target.checked)} className="size-4 accent-accent-orange" />
        {t('box.skipConfirm')}
      </label>
    </ConfirmDialog>
  );
}
