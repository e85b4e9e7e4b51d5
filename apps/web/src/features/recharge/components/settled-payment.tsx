import type { PaymentState } from '@skinfair/contract';
import { useGradeInfo } from '../../../shared/api/grade-info';
import { crossedGrades, vipRechargeBonusFen } from '../recharge-math';
import type { OrderContext } from '../order-context';
import { PaymentOutcome } from './payment-outcome';

/**
 * A settled order with everything the deposit credited: with the order's context (grade and VIP bonus
 * when it was made) the VIP bonus and the level-up rewards are added to what the order reports.
 */
export function SettledPayment({ payment, context }: { payment: PaymentState; context: OrderContext | null }) {
  const grade = useGradeInfo();
  const paid = payment.state === 1;
  const settledGrade = grade.isFetching ? null : (grade.data ?? null);
  const levelUps =
    paid && settledGrade && context && context.gradeBefore !== null
      ? crossedGrades(context.gradeBefore, settledGrade.grade, settledGrade.grades)
      : [];
  return (
    <PaymentOutcome
      payment={payment}
      vipBonus={paid && context ? vipRechargeBonusFen(payment.creditAmount, context.bonusBp) : 0}
      levelUps={levelUps}
      vipPending={paid && context !== null && grade.isFetching}
    />
  );
}
