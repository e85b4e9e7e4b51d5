import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Alipay OpenAPI gateway that speaks the real protocol (OpenAPI 2.0, RSA2): it checks our
 * requests' signatures with the application's public key, signs its answers and its asynchronous
 * notifications with "Alipay's" private key, and posts the notifications form-encoded like Alipay does.
 * Tests generate both key pairs; nothing leaves the machine.
 */
export interface AlipayTrade {
  outTradeNo: string;
  totalAmount: string;
  subject: string;
  notifyUrl: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  tradeNo: string;
}

/** A refund Alipay made, by its out_request_no (our refund id). */
export interface AlipayRefund {
  outTradeNo: string;
  refundAmount: string;
}

export interface AlipayStub {
  /** The gateway URL for ALIPAY_GATEWAY. */
  gateway: string;
  /** PEM keys the server is configured with. */
  keys: { appPrivateKey: string; appPublicKey: string; alipayPublicKey: string };
  appId: string;
  trades: Map<string, AlipayTrade>;
  /** Requests whose signature did not check (our side must never send one). */
  badSignatures: number;
  /** Opens a page-pay URL as the payer's browser would (a signed GET to the gateway): the trade exists from then on. */
  open(payUrl: string): Promise<number>;
  /** The payer pays: the trade becomes TRADE_SUCCESS (no notification yet). */
  pay(outTradeNo: string): void;
  /** Builds and posts the TRADE_SUCCESS notification; `overrides` replace fields before signing. */
  notify(
    outTradeNo: string,
    options?: { overrides?: Record<string, string>; signWith?: string; tamper?: (raw: string) => string },
  ): Promise<{ status: number; body: string; raw: string }>;
  /** Posts an earlier notification again, byte for byte. */
  redeliver(raw: string, notifyUrl: string): Promise<{ status: number; body: string }>;
  /** Sign the gateway's answers with another key (an impostor between us and Alipay). */
  forgeAnswers: boolean;
  /** Awaited before a trade query is answered: a test looks at the database while our side waits. */
  beforeQuery: (() => Promise<void>) | null;
  refunds: Map<string, AlipayRefund>;
  /** Refund requests received (a repeat of one out_request_no counts, but refunds nothing). */
  refundCalls: number;
  /** The next n refund requests are made but their answers lost (the connection drops): our side must ask, not refund again. */
  dropRefundAnswers: number;
  /** Where notifications go: the server's real origin replaces the notify_url's (the app listens on a random port). */
  setNotifyOrigin(origin: string): void;
  close(): Promise<void>;
}

const pemPair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

/** Alipay's signing string: every parameter but `sign` (and, for notifications, `sign_type`), sorted, key=value&… */
export function alipaySignContent(params: Record<string, string>, dropSignType: boolean): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && !(dropSignType && k === 'sign_type') && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

const rsa2 = (content: string, privateKey: string) => createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startAlipayStub(): Promise<AlipayStub> {
  const app = pemPair();
  const alipay = pemPair();
  const appId = '2021000000000001';
  const trades = new Map<string, AlipayTrade>();
  let notifyOrigin: string | null = null;
  const refunds = new Map<string, AlipayRefund>();
  const state = {
    badSignatures: 0,
    forgeAnswers: false,
    beforeQuery: null as (() => Promise<void>) | null,
    refundCalls: 0,
    dropRefundAnswers: 0,
  };
  const impostor = pemPair();

  /** Alipay's answer: {"<method>_response": {...}, "sign": RSA2 of the exact response JSON text}. */
  const signedAnswer = (method: string, data: Record<string, unknown>) => {
    const key = `${method.replace(/\./g, '_')}_response`;
    const text = JSON.stringify(data);
    return `{"${key}":${text},"sign":"${rsa2(text, state.forgeAnswers ? impostor.privateKey : alipay.privateKey)}"}`;
  };

  function checkRequest(params: Record<string, string>): boolean {
    const ok =
      params.app_id === appId &&
      params.sign_type === 'RSA2' &&
      typeof params.sign === 'string' &&
      createVerify('RSA-SHA256').update(alipaySignContent(params, false), 'utf8').verify(app.publicKey, params.sign, 'base64');
    if (!ok) state.badSignatures++;
    return ok;
  }

  function createTrade(params: Record<string, string>): AlipayTrade {
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    const existing = trades.get(biz.out_trade_no!);
    if (existing) return existing;
    const trade: AlipayTrade = {
      outTradeNo: biz.out_trade_no!,
      totalAmount: biz.total_amount!,
      subject: biz.subject!,
      notifyUrl: params.notify_url ?? '',
      status: 'WAIT_BUYER_PAY',
      tradeNo: `2026${randomBytes(12).toString('hex')}`,
    };
    trades.set(trade.outTradeNo, trade);
    return trade;
  }

  const fen = (yuan: string) => Math.round(Number(yuan) * 100);
  /** alipay.trade.refund's rules: a paid trade, the total never above the trade, one refund per out_request_no. */
  function refund(biz: Record<string, string>): Record<string, unknown> {
    const trade = trades.get(biz.out_trade_no ?? '');
    const fail = (subCode: string, subMsg: string) => ({ code: '40004', msg: 'Business Failed', sub_code: subCode, sub_msg: subMsg });
    if (!trade || trade.status !== 'TRADE_SUCCESS') return fail('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
    const earlier = refunds.get(biz.out_request_no ?? '');
    const refunded = [...refunds.values()].filter((r) => r.outTradeNo === trade.outTradeNo).reduce((n, r) => n + fen(r.refundAmount), 0);
    const answer = (fundChange: string, total: number) => ({
      code: '10000',
      msg: 'Success',
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      fund_change: fundChange,
      refund_fee: (total / 100).toFixed(2),
    });
    if (earlier) return answer('N', refunded);
    if (refunded + fen(biz.refund_amount ?? '0') > fen(trade.totalAmount)) return fail('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
    refunds.set(biz.out_request_no!, { outTradeNo: trade.outTradeNo, refundAmount: biz.refund_amount! });
    return answer('Y', refunded + fen(biz.refund_amount!));
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const params: Record<string, string> = Object.fromEntries(url.searchParams);
      if (req.method === 'POST') for (const [k, v] of new URLSearchParams(await readBody(req))) params[k] = v;
      const method = params.method ?? '';
      const json = (text: string) => res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' }).end(text);
      if (!checkRequest(params)) {
        return json(
          signedAnswer(method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' }),
        );
      }
      if (method === 'alipay.trade.page.pay') {
        const trade = createTrade(params);
        return res
          .writeHead(200, { 'content-type': 'text/html;charset=utf-8' })
          .end(`<h1>支付宝收银台（测试桩）</h1><p>${trade.outTradeNo} ¥${trade.totalAmount}</p>`);
      }
      if (method === 'alipay.trade.precreate') {
        const trade = createTrade(params);
        return json(
          signedAnswer(method, {
            code: '10000',
            msg: 'Success',
            out_trade_no: trade.outTradeNo,
            qr_code: `https://qr.alipay.com/stub${trade.tradeNo.slice(-8)}`,
          }),
        );
      }
      if (method === 'alipay.trade.query') {
        await state.beforeQuery?.();
        const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
        const trade = trades.get(biz.out_trade_no ?? '');
        if (!trade)
          return json(
            signedAnswer(method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' }),
          );
        return json(
          signedAnswer(method, {
            code: '10000',
            msg: 'Success',
            trade_no: trade.tradeNo,
            out_trade_no: trade.outTradeNo,
            trade_status: trade.status,
            total_amount: trade.totalAmount,
          }),
        );
      }
      if (method === 'alipay.trade.refund') {
        state.refundCalls++;
        const answer = refund(JSON.parse(params.biz_content ?? '{}') as Record<string, string>);
        if (state.dropRefundAnswers > 0) {
          state.dropRefundAnswers--;
          return res.destroy();
        }
        return json(signedAnswer(method, answer));
      }
      if (method === 'alipay.trade.fastpay.refund.query') {
        const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
        const made = refunds.get(biz.out_request_no ?? '');
        // Alipay answers 10000 without the refund's fields for a request it never received.
        if (!made || made.outTradeNo !== biz.out_trade_no) return json(signedAnswer(method, { code: '10000', msg: 'Success' }));
        return json(
          signedAnswer(method, {
            code: '10000',
            msg: 'Success',
            out_trade_no: made.outTradeNo,
            out_request_no: biz.out_request_no,
            trade_no: trades.get(made.outTradeNo)?.tradeNo,
            total_amount: trades.get(made.outTradeNo)?.totalAmount,
            refund_amount: made.refundAmount,
            refund_status: 'REFUND_SUCCESS',
          }),
        );
      }
      return json(signedAnswer(method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.NOT_SUPPORTED' }));
    })().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const gateway = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do`;

  const target = (notifyUrl: string) => {
    const u = new URL(notifyUrl);
    return notifyOrigin ? `${notifyOrigin}${u.pathname}${u.search}` : notifyUrl;
  };
  async function post(notifyUrl: string, raw: string) {
    const res = await fetch(target(notifyUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: raw,
    });
    return { status: res.status, body: await res.text() };
  }

  return {
    gateway,
    appId,
    keys: { appPrivateKey: app.privateKey, appPublicKey: app.publicKey, alipayPublicKey: alipay.publicKey },
    trades,
    get badSignatures() {
      return state.badSignatures;
    },
    refunds,
    get refundCalls() {
      return state.refundCalls;
    },
    get dropRefundAnswers() {
      return state.dropRefundAnswers;
    },
    set dropRefundAnswers(value: number) {
      state.dropRefundAnswers = value;
    },
    get forgeAnswers() {
      return state.forgeAnswers;
    },
    set forgeAnswers(value: boolean) {
      state.forgeAnswers = value;
    },
    get beforeQuery() {
      return state.beforeQuery;
    },
    set beforeQuery(value: (() => Promise<void>) | null) {
      state.beforeQuery = value;
    },
    async open(payUrl) {
      return (await fetch(payUrl)).status;
    },
    pay(outTradeNo) {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`no trade ${outTradeNo}`);
      trade.status = 'TRADE_SUCCESS';
    },
    async notify(outTradeNo, options = {}) {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`no trade ${outTradeNo}`);
      const fields: Record<string, string> = {
        gmt_create: '2026-11-25 20:00:00',
        charset: 'utf-8',
        gmt_payment: '2026-11-25 20:00:05',
        notify_time: '2026-11-25 20:00:06',
        subject: trade.subject,
        buyer_id: '2088102177846875',
        invoice_amount: trade.totalAmount,
        version: '1.0',
        notify_id: randomBytes(16).toString('hex'),
        fund_bill_list: '[{"amount":"' + trade.totalAmount + '","fundChannel":"ALIPAYACCOUNT"}]',
        notify_type: 'trade_status_sync',
        out_trade_no: trade.outTradeNo,
        total_amount: trade.totalAmount,
        trade_status: trade.status === 'WAIT_BUYER_PAY' ? 'TRADE_SUCCESS' : trade.status,
        trade_no: trade.tradeNo,
        auth_app_id: appId,
        receipt_amount: trade.totalAmount,
        point_amount: '0.00',
        app_id: appId,
        buyer_pay_amount: trade.totalAmount,
        seller_id: '2088102177296610',
        ...options.overrides,
      };
      fields.sign_type = 'RSA2';
      // Notifications are signed without sign and sign_type (Alipay's rsaCheckV1 rule).
      fields.sign = rsa2(alipaySignContent(fields, true), options.signWith ?? alipay.privateKey);
      let raw = new URLSearchParams(fields).toString();
      if (options.tamper) raw = options.tamper(raw);
      return { ...(await post(trade.notifyUrl, raw)), raw };
    },
    redeliver: (raw, notifyUrl) => post(notifyUrl, raw),
    setNotifyOrigin(origin) {
      notifyOrigin = origin;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
