import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { formatFen } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { mergeParams } from '../../platform/http/params.js';
import { findChannel, findOrderByNo, signCallback } from '../payments/index.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The sandbox payment gateway: its checkout page, and a signed callback to the real webhook route,
 * exactly as a gateway would send it (raw JSON body, timestamp and HMAC headers).
 */
export function sandboxCheckoutRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.get('/api/sandbox/checkout', async (request, reply) => {
      const { orderId } = mergeParams(request.query, undefined) as { orderId?: string };
      const order = orderId ? await findOrderByNo(ctx.db, String(orderId)) : null;
      if (!order) return reply.status(404).type('text/html; charset=utf-8').send('<h1>订单不存在</h1>');
      return reply
        .type('text/html; charset=utf-8')
        .send(checkoutPage(order.orderNo, `${order.currency} ${formatFen(order.amountMinor)}`, formatFen(order.creditFen), order.state));
    });
    app.post('/api/sandbox/checkout/complete', async (request, reply) => {
      const { orderId, action } = mergeParams(request.query, request.body) as { orderId?: string; action?: string };
      const order = orderId ? await findOrderByNo(ctx.db, String(orderId)) : null;
      const channel = order ? await findChannel(ctx.db, order.channelId) : null;
      if (!order || !channel) return reply.status(404).type('text/plain').send('订单不存在');
      const body = JSON.stringify({
        orderId: order.orderNo,
        providerTxnId: `SBX${randomBytes(8).toString('hex')}`,
        amount: order.amountMinor,
        currency: order.currency,
        status: action === 'pay' ? 'paid' : 'cancelled',
      });
      const timestamp = String(Math.floor(Date.now() / 1000));
      await app.inject({
        method: 'POST',
        url: `/api/callback/${channel.id}`,
        headers: {
          'content-type': 'application/json',
          'x-timestamp': timestamp,
          'x-signature': signCallback(channel.secret, timestamp, body),
        },
        payload: body,
      });
      return reply.redirect(`/personal/flow?orderId=${encodeURIComponent(order.orderNo)}`, 302);
    });
  };
}

function checkoutPage(orderNo: string, amount: string, credit: string, state: number): string {
  const id = escapeHtml(orderNo);
  const done = state !== 0 ? `<p>该订单已${state === 1 ? '支付' : '取消'}。</p>` : '';
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>沙盒收银台 - Skinfair</title>
<style>body{font-family:system-ui,"WenQuanYi Zen Hei",sans-serif;background:#0f1117;color:#e5e7eb;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#1a1d27;padding:32px;border-radius:16px;max-width:420px;text-align:center}button{font-size:16px;padding:10px 24px;border-radius:8px;border:0;margin:8px;cursor:pointer}
.pay{background:#f97316;color:#fff}.cancel{background:#374151;color:#fff}small{color:#9ca3af}</style></head>
<body><main><h1>沙盒收银台</h1><p>测试环境：不会产生真实扣款。</p><p>支付金额 <b>${escapeHtml(amount)}</b>，到账 <b>${escapeHtml(credit)}</b> 金币</p><small>订单号 ${id}</small>${done}
<form method="post" action="/api/sandbox/checkout/complete"><input type="hidden" name="orderId" value="${id}">
<button class="pay" name="action" value="pay">确认支付</button><button class="cancel" name="action" value="cancel">取消支付</button></form></main></body></html>`;
}
