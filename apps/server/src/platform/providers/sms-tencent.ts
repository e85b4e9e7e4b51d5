import http from 'node:http';
import https from 'node:https';
import { sms } from 'tencentcloud-sdk-nodejs-sms';
import type { TencentSmsSettings } from './provider-config.js';
import { SmsSendError, type SmsNotice, type SmsProvider } from './messaging.js';

/**
 * The Tencent Cloud SDK reads `http_proxy` from the environment when it is given no agent: an explicit
 * agent keeps calls going where the configuration says (and keeps connections alive between sends).
 */
export function tencentHttpProfile(endpoint: string, timeoutMs: number) {
  const url = new URL(endpoint);
  return {
    endpoint: url.host,
    protocol: `${url.protocol}//`,
    // The SDK takes seconds.
    reqTimeout: timeoutMs / 1000,
    agent: url.protocol === 'https:' ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true }),
  };
}

/**
 * Tencent Cloud SMS (sms 2021-01-11 SendSms) through the official SDK, which signs every call with
 * TC3-HMAC-SHA256. SmsSdkAppId, sign name and template ID come from configuration; the template has one
 * parameter, {1} = the code. Only `SendStatusSet[0].Code === "Ok"` is a send: an error answer
 * (`Response.Error`, e.g. AuthFailure.SignatureFailure), a per-number refusal
 * (LimitExceeded.PhoneNumberDailyLimit, …), an HTTP error or a timeout rejects.
 */
export function createTencentSmsProvider(settings: TencentSmsSettings): SmsProvider {
  const client = new sms.v20210111.Client({
    credential: { secretId: settings.secretId, secretKey: settings.secretKey },
    region: settings.region,
    profile: { signMethod: 'TC3-HMAC-SHA256', httpProfile: tencentHttpProfile(settings.endpoint, settings.timeoutMs) },
  });
  async function sendTemplate(phone: string, templateId: string, params: string[]): Promise<void> {
    let response;
    try {
      response = await client.SendSms({
        // Mainland numbers only (security.md), in E.164.
        PhoneNumberSet: [`+86${phone}`],
        SmsSdkAppId: settings.sdkAppId,
        SignName: settings.signName,
        TemplateId: templateId,
        TemplateParamSet: params,
      });
    } catch (err) {
      const e = err as { code?: string; message?: string; requestId?: string };
      throw new SmsSendError('tencent', String(e.code || 'HTTP_ERROR'), String(e.message ?? err), e.requestId);
    }
    const status = response.SendStatusSet?.[0];
    if (status?.Code !== 'Ok')
      throw new SmsSendError('tencent', String(status?.Code ?? 'NO_STATUS'), String(status?.Message ?? ''), response.RequestId);
  }
  const noticeTemplate = settings.noticeTemplateId;
  return {
    name: 'tencent-sms',
    send: (phone, message) => sendTemplate(phone, settings.templateId, [message.code]),
    // Security notices (issue 24) only with their own approved template: {1} what changed, {2} until when.
    ...(noticeTemplate
      ? {
          sendNotice: (phone: string, notice: SmsNotice) =>
            sendTemplate(phone, noticeTemplate, [notice.params.change, notice.params.until]),
        }
      : {}),
  };
}
