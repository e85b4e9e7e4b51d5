import { createCipheriv, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  parseAuthorization,
  requestMessage,
  responseMessage,
  rsaSign,
  rsaVerify,
} from '../../features/payments/providers/wechatpay-crypto.js';

/**
 * A local WeChat Pay API v3 that speaks the real protocol: it checks our WECHATPAY2-SHA256-RSA2048
 * Authorization header with the merchant's public key, signs every answer and notification with the
 * platform private key (Wechatpay-Timestamp/-Nonce/-Signature/-Serial, public key mode), and encrypts
 * notification resources with AES-256-GCM under the APIv3 key. Tests generate the keys.
 */
export interface WechatTrade {
  outTradeNo: string;
  total: number;
  currency: string;
  notifyUrl: string;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED';
  transactionId: string;
  kind: 'native' | 'h5';
}

/** A refund WeChat Pay holds, by out_refund_no (our refund id). */
export interface WechatRefund {
  outTradeNo: string;
  refundId: string;
  refund: number;
  total: number;
  status: 'SUCCESS' | 'PROCESSING' | 'CLOSED' | 'ABNORMAL';
}

export interface NotifyOptions {
  transaction?: Record<string, unknown>;
  timestamp?: number;
  signWith?: string;
  tamper?: (raw: string) => string;
  apiV3Key?: string;
}

export interface Delivery {
  notifyUrl: string;
  raw: string;
  headers: Record<string, string>;
}

export interface WechatPayStub {
  baseUrl: string;
  mchId: string;
  appId: string;
  certSerial: string;
  apiV3Key: string;
  publicKeyId: string;
  keys: { merchantPrivateKey: string; platformPublicKey: string };
  trades: Map<string, WechatTrade>;
  badSignatures: number;
  /** Sign the API's answers with another key (an impostor between us and WeChat Pay). */
  forgeAnswers: boolean;
  refunds: Map<string, WechatRefund>;
  /** Refund requests received (a repeat of one out_refund_no counts, but refunds nothing). */
  refundCalls: number;
  /** The status a new refund gets (WeChat Pay often answers PROCESSING, then finishes it). */
  newRefundStatus: WechatRefund['status'];
  /** Refuse every new refund with this error code (e.g. NOT_ENOUGH: the merchant's balance), 403. */
  refuseRefunds: string | null;
  pay(outTradeNo: string): void;
  /** Sends TRADE.SUCCESS for the trade; `transaction` fields override the decrypted resource's. */
  notify(outTradeNo: string, options?: NotifyOptions): Promise<{ status: number; body: string; delivery: Delivery }>;
  /** The notification notify() would send, signed and encrypted, without sending it. */
  build(outTradeNo: string, options?: NotifyOptions): Delivery;
  redeliver(delivery: Delivery): Promise<{ status: number; body: string }>;
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

export function encryptResource(apiV3Key: string, plaintext: string, associatedData: string) {
  const nonce = randomBytes(6).toString('hex'); // 12 ASCII characters, as WeChat Pay sends
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: data.toString('base64'),
    associated_data: associatedData,
    nonce,
    original_type: 'transaction',
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startWechatPayStub(): Promise<WechatPayStub> {
  const merchant = pemPair();
  const platform = pemPair();
  const mchId = '1900000109';
  const appId = 'wxd678efh567hg6787';
  const certSerial = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
  const apiV3Key = randomBytes(16).toString('hex'); // 32 ASCII characters
  const publicKeyId = 'PUB_KEY_ID_0114232134912410000000000000';
  const trades = new Map<string, WechatTrade>();
  const refunds = new Map<string, WechatRefund>();
  const state = {
    badSignatures: 0,
    forgeAnswers: false,
    refundCalls: 0,
    newRefundStatus: 'SUCCESS' as WechatRefund['status'],
    refuseRefunds: null as string | null,
  };
  const impostor = pemPair();
  let notifyOrigin: string | null = null;

  /** Platform-signed headers over (timestamp, nonce, body). */
  const signedHeaders = (body: string, timestamp = Math.floor(Date.now() / 1000), key = platform.privateKey) => {
    const ts = String(timestamp);
    const nonce = randomBytes(16).toString('hex');
    return {
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': rsaSign(responseMessage(ts, nonce, body), key),
      'wechatpay-serial': publicKeyId,
      'request-id': randomBytes(8).toString('hex'),
    };
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const answer = (status: number, payload: unknown) => {
        const text = payload === null ? '' : JSON.stringify(payload);
        res
          .writeHead(status, {
            'content-type': 'application/json',
            ...signedHeaders(text, undefined, state.forgeAnswers ? impostor.privateKey : undefined),
          })
          .end(text);
      };
      const auth = parseAuthorization(req.headers.authorization);
      const pathWithQuery = req.url ?? '/';
      const fresh = auth && Math.abs(Date.now() / 1000 - Number(auth.timestamp)) <= 300;
      if (
        !auth ||
        !fresh ||
        auth.mchid !== mchId ||
        auth.serial_no !== certSerial ||
        !rsaVerify(
          requestMessage(req.method ?? '', pathWithQuery, auth.timestamp ?? '', auth.nonce_str ?? '', body),
          auth.signature ?? '',
          merchant.publicKey,
        )
      ) {
        state.badSignatures++;
        return answer(401, { code: 'SIGN_ERROR', message: '签名错误' });
      }
      const url = new URL(pathWithQuery, 'http://stub');
      const kind = url.pathname === '/v3/pay/transactions/native' ? 'native' : url.pathname === '/v3/pay/transactions/h5' ? 'h5' : null;
      if (req.method === 'POST' && kind) {
        const order = JSON.parse(body) as {
          appid: string;
          mchid: string;
          out_trade_no: string;
          notify_url: string;
          amount: { total: number; currency?: string };
        };
        if (order.appid !== appId || order.mchid !== mchId) return answer(400, { code: 'PARAM_ERROR', message: 'appid/mchid' });
        if (!trades.has(order.out_trade_no))
          trades.set(order.out_trade_no, {
            outTradeNo: order.out_trade_no,
            total: order.amount.total,
            currency: order.amount.currency ?? 'CNY',
            notifyUrl: order.notify_url,
            state: 'NOTPAY',
            transactionId: `4200${randomBytes(12).toString('hex')}`,
            kind,
          });
        return kind === 'native'
          ? answer(200, { code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(5).toString('hex')}` })
          : answer(200, { h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx${randomBytes(8).toString('hex')}` });
      }
      const m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && m && url.searchParams.get('mchid') === mchId) {
        const trade = trades.get(decodeURIComponent(m[1]!));
        if (!trade) return answer(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
        return answer(200, transactionOf(trade));
      }
      if (req.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
        state.refundCalls++;
        const [status, payload] = refund(JSON.parse(body) as RefundBody);
        return answer(status, payload);
      }
      const r = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && r) {
        const no = decodeURIComponent(r[1]!);
        const made = refunds.get(no);
        return made ? answer(200, refundOf(no, made)) : answer(404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' });
      }
      return answer(404, { code: 'NOT_FOUND', message: 'no such API' });
    })().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  type RefundBody = { out_trade_no: string; out_refund_no: string; amount: { refund: number; total: number; currency: string } };
  const refundOf = (no: string, r: WechatRefund) => ({
    refund_id: r.refundId,
    out_refund_no: no,
    transaction_id: trades.get(r.outTradeNo)?.transactionId,
    out_trade_no: r.outTradeNo,
    channel: 'ORIGINAL',
    user_received_account: '支付用户零钱',
    create_time: '2026-11-26T10:00:00+08:00',
    status: r.status,
    funds_account: 'AVAILABLE',
    amount: { total: r.total, refund: r.refund, payer_total: r.total, payer_refund: r.refund, currency: 'CNY' },
  });
  /** The refund API's rules: a paid trade, its own total, never more than it in all, one refund per out_refund_no. */
  function refund(body: RefundBody): [number, unknown] {
    const earlier = refunds.get(body.out_refund_no);
    if (earlier) return [200, refundOf(body.out_refund_no, earlier)];
    if (state.refuseRefunds) return [403, { code: state.refuseRefunds, message: '退款被拒绝' }];
    const trade = trades.get(body.out_trade_no);
    if (!trade || trade.state !== 'SUCCESS') return [400, { code: 'INVALID_REQUEST', message: '订单状态不正确' }];
    const refunded = [...refunds.values()]
      .filter((x) => x.outTradeNo === trade.outTradeNo && x.status !== 'CLOSED')
      .reduce((n, x) => n + x.refund, 0);
    if (body.amount.total !== trade.total || refunded + body.amount.refund > trade.total)
      return [400, { code: 'PARAM_ERROR', message: '退款金额不正确' }];
    const made: WechatRefund = {
      outTradeNo: trade.outTradeNo,
      refundId: `5030${randomBytes(12).toString('hex')}`,
      refund: body.amount.refund,
      total: trade.total,
      status: state.newRefundStatus,
    };
    refunds.set(body.out_refund_no, made);
    return [200, refundOf(body.out_refund_no, made)];
  }

  function transactionOf(trade: WechatTrade): Record<string, unknown> {
    return {
      appid: appId,
      mchid: mchId,
      out_trade_no: trade.outTradeNo,
      ...(trade.state === 'SUCCESS'
        ? {
            transaction_id: trade.transactionId,
            success_time: '2026-11-25T20:00:05+08:00',
            bank_type: 'OTHERS',
            payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
          }
        : {}),
      trade_type: trade.kind === 'native' ? 'NATIVE' : 'MWEB',
      trade_state: trade.state,
      trade_state_desc: trade.state,
      amount: { total: trade.total, payer_total: trade.total, currency: trade.currency, payer_currency: trade.currency },
    };
  }

  function build(outTradeNo: string, options: NotifyOptions = {}): Delivery {
    const trade = trades.get(outTradeNo);
    if (!trade) throw new Error(`no trade ${outTradeNo}`);
    const transaction = { ...transactionOf({ ...trade, state: 'SUCCESS' }), ...options.transaction };
    const envelope = {
      id: randomBytes(16).toString('hex'),
      create_time: '2026-11-25T20:00:06+08:00',
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: encryptResource(options.apiV3Key ?? apiV3Key, JSON.stringify(transaction), 'transaction'),
    };
    let raw = JSON.stringify(envelope);
    const headers = signedHeaders(raw, options.timestamp, options.signWith);
    if (options.tamper) raw = options.tamper(raw);
    return { notifyUrl: trade.notifyUrl, raw, headers };
  }

  async function redeliver(delivery: Delivery) {
    const u = new URL(delivery.notifyUrl);
    const res = await fetch(notifyOrigin ? `${notifyOrigin}${u.pathname}${u.search}` : delivery.notifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...delivery.headers },
      body: delivery.raw,
    });
    return { status: res.status, body: await res.text() };
  }

  return {
    baseUrl,
    mchId,
    appId,
    certSerial,
    apiV3Key,
    publicKeyId,
    keys: { merchantPrivateKey: merchant.privateKey, platformPublicKey: platform.publicKey },
    trades,
    get badSignatures() {
      return state.badSignatures;
    },
    refunds,
    get refundCalls() {
      return state.refundCalls;
    },
    get newRefundStatus() {
      return state.newRefundStatus;
    },
    set newRefundStatus(value: WechatRefund['status']) {
      state.newRefundStatus = value;
    },
    get refuseRefunds() {
      return state.refuseRefunds;
    },
    set refuseRefunds(value: string | null) {
      state.refuseRefunds = value;
    },

    get forgeAnswers() {
      return state.forgeAnswers;
    },
    set forgeAnswers(value: boolean) {
      state.forgeAnswers = value;
    },
    pay(outTradeNo) {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`no trade ${outTradeNo}`);
      trade.state = 'SUCCESS';
    },
    build,
    async notify(outTradeNo, options = {}) {
      const delivery = build(outTradeNo, options);
      return { ...(await redeliver(delivery)), delivery };
    },
    redeliver,
    setNotifyOrigin(origin) {
      notifyOrigin = origin;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
