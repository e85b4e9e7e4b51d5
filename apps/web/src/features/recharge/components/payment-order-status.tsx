import { useSearchParams } from 'react-router';
import { useT } from '../../../shared/i18n/use-t';
import { usePaymentState } from '../api/get-payment-state';
import { recallOrder } from '../order-context';
import { SettledPayment } from './settled-payment';

/**
 * /personal/flow?orderId=… (where the sandbox checkout lands): the order's state, polled until it
 * settles, with everything the deposit credited (issue 9 item 22). Closing it drops the parameter.
 */
export default function PaymentOrderStatus() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const orderId = params.get('orderId');
  const payment = usePaymentState(orderId);
  if (!orderId) return null;
  return (
    <section
      aria-label={t('recharge.orderStatus')}
      className="relative rounded-xl border border-line bg-panel px-5 py-4"
      data-testid="payment-order-status"
    >
      <button
        type="button"
        onClick={() => {
          params.delete('orderId');
          setParams(params, { replace: true });
        }}
        className="absolute end-3 top-3 text-xs text-slate-400 hover:text-white"
      >
        {t('dialog.close')}
      </button>
      {payment.data ? (
        <SettledPayment payment={payment.data} context={recallOrder(orderId)} />
      ) : (
        <p className="text-sm text-slate-400">{payment.isError ? t('recharge.orderMissing') : t('recharge.loadingOrder')}</p>
      )}
    </section>
  );
}
