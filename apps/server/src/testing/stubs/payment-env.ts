import type { AlipayStub } from './alipay-stub.js';
import type { WechatPayStub } from './wechatpay-stub.js';

/** The environment of a server whose real payment providers are the local stubs (issue 17 tests). */
export function paymentStubEnv(alipay: AlipayStub, wechatpay: WechatPayStub): Record<string, string> {
  return {
    PAYMENT_PROVIDERS: 'alipay,wechatpay',
    ALIPAY_APP_ID: alipay.appId,
    ALIPAY_PRIVATE_KEY: alipay.keys.appPrivateKey,
    ALIPAY_PUBLIC_KEY: alipay.keys.alipayPublicKey,
    ALIPAY_GATEWAY: alipay.gateway,
    WECHATPAY_MCH_ID: wechatpay.mchId,
    WECHATPAY_APP_ID: wechatpay.appId,
    WECHATPAY_CERT_SERIAL: wechatpay.certSerial,
    WECHATPAY_PRIVATE_KEY: wechatpay.keys.merchantPrivateKey,
    WECHATPAY_APIV3_KEY: wechatpay.apiV3Key,
    WECHATPAY_PUBLIC_KEY_ID: wechatpay.publicKeyId,
    WECHATPAY_PUBLIC_KEY: wechatpay.keys.platformPublicKey,
    WECHATPAY_BASE_URL: wechatpay.baseUrl,
  };
}
