import { useT } from '../../../shared/i18n/use-t';
import { useMoney } from '../../../shared/ui/price';
import type { RechargeConfig } from '../recharge-math';

type Room = NonNullable<RechargeConfig['depositRoom']>;

/**
 * The player's deposit-limit room in words (issue 30 §3): the note under the amounts, and the warning shown
 * before submitting an amount past it, in the words of the server's own refusal.
 */
export function useRoomTexts() {
  const t = useT();
  const money = useMoney();
  const words = (room: Room) => ({
    period: t(`recharge.period.${room.period}`),
    when: t(`recharge.when.${room.period}`),
    limit: money(room.limit),
    remaining: money(room.remaining),
  });
  return {
    limitText: (room: Room) => t(room.remaining > 0 ? 'recharge.limitLeft' : 'recharge.limitReached', words(room)),
    roomText: (room: Room) => t('recharge.roomNote', words(room)),
  };
}
