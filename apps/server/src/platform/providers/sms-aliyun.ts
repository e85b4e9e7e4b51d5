import Dysmsapi, { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import type { AliyunSmsSettings } from './provider-config.js';
import { SmsSendError, type SmsNotice, type SmsProvider } from './messaging.js';

// The SDK is CommonJS with `exports.default = Client`: Node's ESM loader hands the whole exports object to
// a default import, bundlers and vitest hand the class itself.
const DysmsapiClient: typeof Dysmsapi = (Dysmsapi as unknown as { default?: typeof Dysmsapi }).default ?? Dysmsapi;

/**
 * Alibaba Cloud SMS (dysmsapi 2017-05-25 SendSms) through the official SDK, which signs every call
 * (ACS3-HMAC-SHA256 in SDK v4). Sign name and template come from configuration; the template has one
 * variable, `${code}`. Only `Code: "OK"` is a send: any other code (isv.BUSINESS_LIMIT_CONTROL,
 * isv.MOBILE_NUMBER_ILLEGAL, …), an HTTP error or a timeout rejects.
 */
export function createAliyunSmsProvider(settings: AliyunSmsSettings): SmsProvider {
  const endpoint = new URL(settings.endpoint);
  const client = new DysmsapiClient(
    new $OpenApiUtil.Config({
      accessKeyId: settings.accessKeyId,
      accessKeySecret: settings.accessKeySecret,
      // host[:port]; the protocol separately (https in production, http to a loopback stub in tests).
      endpoint: endpoint.host,
      protocol: endpoint.protocol.replace(':', ''),
      connectTimeout: settings.timeoutMs,
      readTimeout: settings.timeoutMs,
      // No retryOptions: one attempt. A retried send could deliver two codes, and the answer must come in time.
    }),
  );
  async function sendTemplate(phone: string, templateCode: string, params: Record<string, string>): Promise<void> {
    const request = new SendSmsRequest({
      phoneNumbers: phone,
      signName: settings.signName,
      templateCode,
      templateParam: JSON.stringify(params),
    });
    let body;
    try {
      ({ body } = await client.sendSms(request));
    } catch (err) {
      const e = err as { code?: string; message?: string; data?: { RequestId?: string } };
      throw new SmsSendError('aliyun', String(e.code ?? 'HTTP_ERROR'), String(e.message ?? err), e.data?.RequestId);
    }
    if (body?.code !== 'OK')
      throw new SmsSendError('aliyun', String(body?.code ?? 'NO_CODE'), String(body?.message ?? ''), body?.requestId);
  }
  const noticeTemplate = settings.noticeTemplateCode;
  return {
    name: 'aliyun-sms',
    send: (phone, message) => sendTemplate(phone, settings.templateCode, { code: message.code }),
    // Security notices (issue 24) only with their own approved template: ${change} and ${until}.
    ...(noticeTemplate ? { sendNotice: (phone: string, notice: SmsNotice) => sendTemplate(phone, noticeTemplate, notice.params) } : {}),
  };
}
