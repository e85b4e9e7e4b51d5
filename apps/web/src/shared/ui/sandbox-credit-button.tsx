import { toast } from './toast';
import { useSysConfig } from '../api/common-queries';
import { SANDBOX_CREDIT_FEN, useSandboxCredit } from '../api/sandbox-credit';
import { useUserInfo } from '../api/user-queries';
import { formatMoney } from '../format/money';
import { useT } from '../i18n/use-t';
import { OverlayButton } from './overlay-button';

/**
 * Low-balance actions for a logged-in user whose coins and points together are below `neededFen`:
 * "充值" (the recharge overlay), and beside it, on a sandbox server only, "沙盒充值 ¥100" labelled 测试环境.
 */
export function SandboxCreditButton({ neededFen = 1 }: { neededFen?: number }) {
  const t = useT();
  const sandbox = useSysConfig().data?.sandbox ?? false;
  const user = useUserInfo().data;
  const credit = useSandboxCredit();
  if (!user || user.balance + user.integral >= neededFen) return null;
  const amount = formatMoney(SANDBOX_CREDIT_FEN);
  const recharge = (
    <OverlayButton
      overlay="recharge"
      className="rounded-lg bg-accent-orange px-3 py-1.5 text-sm font-semibold text-black hover:brightness-110"
      testId="low-balance-recharge"
    >
      {t('header.recharge')}
    </OverlayButton>
  );
  if (!sandbox) return recharge;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {recharge}
      <button
        type="button"
        data-testid="sandbox-credit"
        disabled={credit.isPending}
        onClick={() =>
          credit.mutate(SANDBOX_CREDIT_FEN, {
            onSuccess: () => toast.success(t('sandbox.credited', { amount })),
          })
        }
        className="inline-flex items-center gap-2 rounded-lg border border-dashed border-accent-cyan/60 px-3 py-1.5 text-sm text-accent-cyan hover:bg-accent-cyan/10 disabled:opacity-50"
      >
        <span className="rounded bg-accent-cyan/20 px-1.5 py-0.5 text-[10px] font-semibold">{t('sandbox.testEnv')}</span>
        {t('sandbox.credit', { amount })}
      </button>
    </span>
  );
}
