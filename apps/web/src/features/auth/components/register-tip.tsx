import { useSysConfig } from '../../../shared/api/common-queries';
import { useT } from '../../../shared/i18n/use-t';
import { useOverlayStore } from '../../../shared/stores/overlay-store';
import { Dialog } from '../../../shared/ui/dialog';

/** The register tip (spec §2): a welcome after sign-up, pointing at the first-deposit bonus and the inbox. */
export function RegisterTip() {
  const t = useT();
  const percent = useSysConfig().data?.firstDepositBonusPercent ?? 20;
  const { openOverlay, closeOverlay } = useOverlayStore();
  const go = (next: 'recharge' | 'messages') => {
    closeOverlay('registerTip');
    openOverlay(next);
  };
  return (
    <Dialog title={t('overlay.registerTip')} onClose={() => closeOverlay('registerTip')} testId="overlay-registerTip">
      <div className="flex flex-col items-center gap-3 text-center">
        <p className="text-xl font-bold text-white">{t('registerTip.welcome')}</p>
        <p className="rounded-lg bg-accent-purple/15 px-4 py-2 text-accent-purple">{t('registerTip.bonus', { percent })}</p>
        <p className="text-sm text-slate-300">{t('registerTip.message')}</p>
        <div className="mt-2 flex w-full flex-wrap justify-center gap-2">
          <button
            type="button"
            onClick={() => go('recharge')}
            className="rounded-lg bg-accent-orange px-4 py-2 text-sm font-semibold text-black"
          >
            {t('registerTip.deposit')}
          </button>
          <button type="button" onClick={() => go('messages')} className="rounded-lg bg-panel-2 px-4 py-2 text-sm text-white">
            {t('registerTip.messages')}
          </button>
          <button
            type="button"
            onClick={() => closeOverlay('registerTip')}
            className="rounded-lg px-4 py-2 text-sm text-slate-400 hover:text-white"
          >
            {t('registerTip.start')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
