import { useState } from 'react';
import { formatFen } from '@skinfair/contract';
import { useGradeInfo } from '../../../shared/api/grade-info';
import { useRechargeConfig } from '../../../shared/api/recharge-config';
import { Button, Spinner } from '../../../shared/forms/fields';
import { useT } from '../../../shared/i18n/use-t';
import { Dialog } from '../../../shared/ui/dialog';
import { QrCode } from '../../../shared/ui/qr-code';
import { LoginRequired } from '../../../shared/ui/login-required';
import { useMoney } from '../../../shared/ui/price';
import { useCouponValue } from '../../../shared/ui/coupon-picker';
import { useMakePayment } from '../api/make-payment';
import { usePaymentState } from '../api/get-payment-state';
import {
  findChannel,
  initialDraft,
  validateRecharge,
  type RechargeConfig,
  type RechargeDraft,
  type RechargeErrors,
} from '../recharge-math';
import { rememberOrder } from '../order-context';
import { SettledPayment } from './settled-payment';
import { previewOf, RechargeForm } from './recharge-form';
import { BonusLine } from './bonus-line';

type Step = 'form' | 'confirm' | 'waiting';

interface Order {
  orderId: string;
  payUrl: string;
  /** QR payment modes: what the payer scans with the wallet app (no page to open). */
  qrCode: string | null;
  /** The VIP grade and its recharge bonus when the order was made (the server applies that grade). */
  gradeBefore: number | null;
  bonusBp: number;
}

/**
 * Opens the gateway's checkout in a new tab. The tab is opened synchronously in the click (so no popup
 * blocker steps in) and sent to the checkout once makePayment answers; it is closed if the call fails.
 */
function openBlankTab(): Window | null {
  try {
    return window.open('', '_blank');
  } catch {
    return null;
  }
}

function Waiting({ order, onRestart }: { order: Order; onRestart: () => void }) {
  const t = useT();
  const payment = usePaymentState(order.orderId);
  const state = payment.data?.state ?? 0;
  if (payment.data && state !== 0) {
    return (
      <div className="flex flex-col gap-4">
        <SettledPayment payment={payment.data} context={order} />
        {state === 2 ? (
          <Button onClick={onRestart} testId="recharge-again">
            {t('recharge.again')}
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-4 py-4 text-center" data-testid="recharge-waiting">
      <Spinner className="size-10 text-accent-orange" />
      <p className="text-lg font-semibold text-white">{t('recharge.waiting')}</p>
      {order.qrCode ? (
        <>
          <QrCode text={order.qrCode} alt={t('recharge.qrAlt')} />
          <p className="text-sm text-slate-400" data-testid="recharge-qr-hint">
            {t('recharge.qrBody')}
          </p>
        </>
      ) : (
        <ReopenLink order={order} />
      )}
      <p className="text-xs text-slate-500">{t('recharge.orderId', { id: order.orderId })}</p>
    </div>
  );
}

function ReopenLink({ order }: { order: Order }) {
  const t = useT();
  return (
    <>
      <p className="text-sm text-slate-400">{t('recharge.waitingBody')}</p>
      <a
        href={order.payUrl}
        target="_blank"
        rel="noreferrer"
        className="rounded-lg border border-line bg-panel-2 px-4 py-2 text-sm text-slate-100 hover:brightness-125"
        data-testid="recharge-reopen"
      >
        {t('recharge.reopen')}
      </a>
    </>
  );
}

function Confirm({
  config,
  draft,
  bonusBp,
  pending,
  onBack,
  onPay,
}: {
  config: RechargeConfig;
  draft: RechargeDraft;
  bonusBp: number;
  pending: boolean;
  onBack: () => void;
  onPay: () => void;
}) {
  const t = useT();
  const money = useMoney();
  const base = previewOf(config, draft, bonusBp);
  const preview = previewOf(config, draft, bonusBp, useCouponValue(2, draft.couponId ?? null, base?.credit ?? 0));
  const channel = findChannel(config, draft.channelId);
  if (!preview || !channel) return null;
  return (
    <div className="flex flex-col gap-4" data-testid="recharge-confirm">
      <p className="text-slate-200">{t('recharge.confirmTitle')}</p>
      <dl className="grid grid-cols-[1fr_auto] gap-y-1.5 [&_dt]:pe-4 rounded-xl bg-surface px-4 py-3 text-sm">
        <dt className="text-slate-400">{t('recharge.channel')}</dt>
        <dd className="text-end text-white">{channel.channelName}</dd>
        <dt className="text-slate-400">{t('recharge.payAmount')}</dt>
        <dd className="text-end font-semibold text-white" data-testid="confirm-pay-amount">
          {preview.rate.currency} {preview.rate.symbol}
          {formatFen(preview.minor)}
        </dd>
        <dt className="text-slate-400">{t('recharge.credit')}</dt>
        <dd className="text-end text-white">{money(preview.credit)}</dd>
        <BonusLine label={t('recharge.firstBonus')} fen={preview.bonus} tone="purple" />
        <BonusLine label={t('recharge.vipBonus')} fen={preview.vipBonus} tone="cyan" />
        <BonusLine label={t('coupon.bonus')} fen={preview.couponBonus} tone="cyan" />
        <dt className="border-t border-line pt-1.5 text-slate-300">{t('recharge.total')}</dt>
        <dd className="border-t border-line pt-1.5 text-end font-bold text-accent-orange">{money(preview.total)}</dd>
        <BonusLine label={t('recharge.heldBonus')} fen={preview.heldBonus} tone="purple" testId="confirm-held-bonus" />
      </dl>
      <p className="text-xs text-slate-400">{t('recharge.newTabNote')}</p>
      <p className="text-xs text-slate-400">{t('recharge.adult')}</p>
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onBack}>
          {t('recharge.back')}
        </Button>
        <Button onClick={onPay} pending={pending} testId="recharge-pay">
          {t('recharge.pay')}
        </Button>
      </div>
    </div>
  );
}

function RechargeBody() {
  const t = useT();
  const config = useRechargeConfig({ fresh: true });
  const grade = useGradeInfo();
  const makePayment = useMakePayment();
  const [draft, setDraft] = useState<RechargeDraft | null>(null);
  const [errors, setErrors] = useState<RechargeErrors>({});
  const [step, setStep] = useState<Step>('form');
  const [order, setOrder] = useState<Order | null>(null);

  // The offer and the limit room are shown as the server says them now, never from an older cache.
  if (!config.data || (!config.isFetchedAfterMount && !config.isError)) {
    return (
      <div className="flex justify-center py-12 text-slate-400">
        {config.isError ? t('recharge.loadFailed') : <Spinner className="size-8" />}
      </div>
    );
  }
  const cfg = config.data;
  const current = draft ?? initialDraft(cfg);
  const ladder = grade.data?.grades.find((g) => g.grade === grade.data?.grade);
  const vip = grade.data && ladder ? { grade: grade.data.grade, name: grade.data.gradeName, bp: ladder.rechargeBonusBp } : null;

  const change = (next: RechargeDraft) => {
    setDraft(next);
    if (Object.keys(errors).length) setErrors(validateRecharge(cfg, next));
  };
  const submit = () => {
    const found = validateRecharge(cfg, current);
    setErrors(found);
    if (Object.keys(found).length === 0) setStep('confirm');
  };
  const pay = () => {
    const preview = previewOf(cfg, current, vip?.bp ?? 0);
    if (!preview || current.channelId === null) return;
    const tab = openBlankTab();
    makePayment.mutate(
      {
        rechargeChannelId: current.channelId,
        currencyCode: preview.rate.currency,
        amount: preview.minor,
        couponId: current.couponId ?? null,
      },
      {
        onSuccess: ({ orderId, payUrl, qrCode }) => {
          // A QR mode has no page to open: the code is drawn in the dialog instead.
          if (tab && qrCode) tab.close();
          else if (tab) {
            tab.opener = null;
            tab.location.href = payUrl;
          }
          const context = { gradeBefore: grade.data?.grade ?? null, bonusBp: vip?.bp ?? 0 };
          rememberOrder(orderId, context);
          setOrder({ orderId, payUrl, qrCode, ...context });
          setStep('waiting');
        },
        onError: () => tab?.close(),
      },
    );
  };

  if (step === 'waiting' && order) {
    return (
      <Waiting
        order={order}
        onRestart={() => {
          setOrder(null);
          setStep('form');
        }}
      />
    );
  }
  if (step === 'confirm') {
    return (
      <Confirm
        config={cfg}
        draft={current}
        bonusBp={vip?.bp ?? 0}
        pending={makePayment.isPending}
        onBack={() => setStep('form')}
        onPay={pay}
      />
    );
  }
  return <RechargeForm config={cfg} draft={current} onChange={change} errors={errors} vip={vip} onSubmit={submit} />;
}

/** The `recharge` overlay (spec §2): channel, currency, amount, bonus, confirm, sandbox checkout, result. */
export function RechargeOverlay({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <Dialog title={t('overlay.recharge')} onClose={onClose} variant="sheet" testId="overlay-recharge">
      <LoginRequired>
        <RechargeBody />
      </LoginRequired>
    </Dialog>
  );
}
