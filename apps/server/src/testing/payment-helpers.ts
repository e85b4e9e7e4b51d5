import type { TestApp } from './test-app.js';
import { call } from './auth-helpers.js';
import { findChannel, signCallback } from '../features/payments/index.js';

/** A deposit the way a gateway completes one: an order, then a signed callback to the webhook. */
export async function deposit(t: TestApp, token: string, amountFen: number): Promise<string> {
  const made = await call(
    t.app,
    'POST',
    '/api/recharge/makePayment',
    { rechargeChannelId: 1, currencyCode: 'CNY', amount: amountFen },
    token,
  );
  if (made.status !== 0) throw new Error(`makePayment failed: ${made.msg}`);
  const res = await postSignedCallback(t, 1, {
    orderId: made.data.orderId,
    providerTxnId: `T-${made.data.orderId}`,
    amount: amountFen,
    currency: 'CNY',
    status: 'paid',
  });
  if (res.body !== 'success') throw new Error(`callback failed: ${res.body}`);
  return made.data.orderId as string;
}

/** A gateway callback to channel `channelId`, signed with that channel's secret, as the gateway sends it. */
export async function postSignedCallback(t: TestApp, channelId: number, payload: object) {
  const channel = (await findChannel(t.database.db, channelId))!;
  const body = JSON.stringify(payload);
  const timestamp = String(Math.floor(Date.now() / 1000));
  return t.app.inject({
    method: 'POST',
    url: `/api/callback/${channelId}`,
    headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signCallback(channel.secret, timestamp, body) },
    payload: body,
  });
}
