import { isApprovalPending, type ApprovalPending } from '@skinfair/contract';
import { toast } from '../../../../shared/ui/toast';
import { limitsMessage } from '../../i18n/limits-messages';
import { yuan } from '../format';

/**
 * The success callback of a value-creating form (red packet, coupon, Golden Code, balance credit, official
 * giveaway): the action ran (`done` with its result), or it became a request waiting for a second operator
 * (a notice naming it, then `settled`, which closes the form as a finished action would).
 */
export function orApprovalRequested<R>(done: (result: R) => void, settled?: () => void) {
  return (answer: R | ApprovalPending) => {
    if (!isApprovalPending(answer)) return done(answer);
    void toast.success(
      limitsMessage('limits.requested', {
        id: answer.approval.id,
        value: yuan(answer.approval.valueFen),
      }),
    );
    settled?.();
  };
}

/** `toastResult` for a value-creating form: the done toast and `then`, or the approval notice and `then`. */
export function toastLimitedResult(done: string, then?: () => void) {
  return {
    onSuccess: orApprovalRequested(() => {
      then?.();
      void toast.success(done);
    }, then),
    onError: (e: Error) => void toast.error(e.message),
  };
}
