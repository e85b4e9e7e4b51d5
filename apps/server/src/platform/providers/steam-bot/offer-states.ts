/**
 * Steam's trade offer states (ETradeOfferState, as steam-tradeoffer-manager numbers them) and what each
 * means for a withdrawal (spec §4): accepted → 3 success; declined, expired, cancelled, invalid → 4 failed
 * with the item back in the player's backpack; still open → keep looking.
 */
export const OfferState = {
  Invalid: 1,
  Active: 2,
  Accepted: 3,
  Countered: 4,
  Expired: 5,
  Canceled: 6,
  Declined: 7,
  InvalidItems: 8,
  CreatedNeedsConfirmation: 9,
  CanceledBySecondFactor: 10,
  InEscrow: 11,
} as const;

export type OfferOutcome = { kind: 'open'; remark: string } | { kind: 'accepted'; remark: string } | { kind: 'ended'; remark: string };

export function offerOutcome(state: number, offerId: string): OfferOutcome {
  switch (state) {
    case OfferState.Active:
      return { kind: 'open', remark: `Steam 交易报价 ${offerId} 已发送，请在 Steam 中接受` };
    case OfferState.CreatedNeedsConfirmation:
      return { kind: 'open', remark: `Steam 交易报价 ${offerId} 等待发货方确认` };
    // A trade hold: Steam keeps the items until the hold ends, then the offer becomes Accepted (or is rolled back).
    case OfferState.InEscrow:
      return { kind: 'open', remark: `Steam 交易报价 ${offerId} 已接受，处于 Steam 交易暂挂期` };
    case OfferState.Accepted:
      return { kind: 'accepted', remark: `Steam 交易报价 ${offerId} 已被接受` };
    case OfferState.Declined:
      return { kind: 'ended', remark: `您拒绝了 Steam 交易报价 ${offerId}` };
    case OfferState.Expired:
      return { kind: 'ended', remark: `Steam 交易报价 ${offerId} 已过期` };
    case OfferState.Canceled:
      return { kind: 'ended', remark: `Steam 交易报价 ${offerId} 已取消（超时未接受）` };
    case OfferState.CanceledBySecondFactor:
      return { kind: 'ended', remark: `Steam 交易报价 ${offerId} 未通过发货方确认，已取消` };
    case OfferState.InvalidItems:
      return { kind: 'ended', remark: `Steam 交易报价 ${offerId} 中的饰品已不可交易` };
    // We never accept a counter-offer: the original offer is void.
    case OfferState.Countered:
      return { kind: 'ended', remark: `Steam 交易报价 ${offerId} 被还价，原报价已失效` };
    case OfferState.Invalid:
      return { kind: 'ended', remark: `Steam 交易报价 ${offerId} 已失效` };
    default:
      // An unknown future state: keep looking rather than guess an ending (the console shows it as stuck).
      return { kind: 'open', remark: `Steam 交易报价 ${offerId} 状态 ${state}` };
  }
}

/** Offer states in which our item can still leave (what cancelling is for). */
export const cancellable = (state: number) => state === OfferState.Active || state === OfferState.CreatedNeedsConfirmation;
