import { useSysConfig } from '../../../shared/api/common-queries';
import { useT } from '../../../shared/i18n/use-t';
import { useOverlayStore } from '../../../shared/stores/overlay-store';
import { Dialog } from '../../../shared/ui/dialog';
import { OverlayButton } from '../../../shared/ui/overlay-button';

/** The register tip (spec §2): a welcome after sign-up, pointing at the first-deposit bonus and the inbox. */
export function RegisterTip() {
  const t = useT();
  const percent = useSysConfig().data?.firstDepositBonusPercent ?? 20;
  const closeOverlay = useOverlayStore((s) => s.closeOverlay);
  const close = () => closeOverlay('registerTip');
  return (
    <Dialog title={t('overlay.registerTip')} onClose={close} testId="overlay-registerTip">
      <div className="flex flex-col items-center gap-3 text-center">
        <p className="text-xl font-bold text-white">{t('registerTip.welcome')}</p>
        <p className="rounded-lg bg-accent-purple/15 px-4 py-2 text-accent-purple">{t('registerTip.bonus', { percent })}</p>
        <p className="text-sm text-slate-300">{t('registerTip.message')}</p>
        <div className="mt-2 flex w-full flex-wrap justify-center gap-2">
          <OverlayButton
            overlay="recharge"
            closing={close}
            className="rounded-lg bg-accent-orange px-4 py-2 text-sm font-semibold text-black"
          >
            {t('registerTip.deposit')}
          </OverlayButton>
          <OverlayButton overlay="messages" closing={close} className="rounded-lg bg-panel-2 px-4 py-2 text-sm text-white">
            {t('registerTip.messages')}
          </OverlayButton>
          <button type="button" onClick={close} className="rounded-lg px-4 py-2 text-sm text-slate-400 hover:text-white">
            {t('registerTip.start')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
