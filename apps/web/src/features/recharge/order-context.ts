/**
 * What the browser knew when it made an order: the VIP grade and its recharge bonus. The server credits
 * the VIP bonus and the level-up rewards with the deposit, but the order's state only carries the credit
 * and the first-deposit and coupon bonuses; without this the page the checkout lands on (another tab)
 * showed ¥600 where ¥610 was credited (issue 9 item 22). Kept in localStorage so that tab can read it.
 */
export interface OrderContext {
  gradeBefore: number | null;
  bonusBp: number;
}

const KEY = 'rechargeOrders';
const KEEP = 20;

function readAll(): Record<string, OrderContext> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, OrderContext>) : {};
  } catch {
    return {};
  }
}

export function rememberOrder(orderId: string, context: OrderContext): void {
  const entries = Object.entries({ ...readAll(), [orderId]: context }).slice(-KEEP);
  try {
    localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(entries)));
  } catch {
    // Storage full or blocked: the result page then shows the order without the VIP extras.
  }
}

export function recallOrder(orderId: string): OrderContext | null {
  const found = readAll()[orderId];
  if (!found || typeof found.bonusBp !== 'number') return null;
  return { gradeBefore: typeof found.gradeBefore === 'number' ? found.gradeBefore : null, bonusBp: found.bonusBp };
}
