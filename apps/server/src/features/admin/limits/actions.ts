import type { ValueKind } from '@skinfair/contract';
import { balanceCreditAction } from '../../users/console/index.js';
import { goldenCodeAction } from '../promotions/golden-codes.js';
import { couponAction, redPacketAction } from '../promotions/vouchers.js';
import { officialGiveawayAction } from '../../giveaways/index.js';
import type { LimitedAction } from './gate.js';

/** The action each kind's approved request runs (its parameters are parsed again by the action's schema). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entry is typed where it is defined
export const limitedActions: Record<ValueKind, LimitedAction<any, unknown>> = {
  redPacket: redPacketAction,
  coupon: couponAction,
  goldenCode: goldenCodeAction,
  balanceCredit: balanceCreditAction,
  officialGiveaway: officialGiveawayAction,
};
