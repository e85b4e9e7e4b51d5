import { randomUUID } from 'node:crypto';
import { startStubServer, type StubRequest } from './stub-server.js';
import { tencentAnswer, tencentError, verifyTc3 } from './tc3.js';

/**
 * A stand-in for Tencent Cloud SMS (sms.tencentcloudapi.com, SendSms 2021-01-11): TC3-HMAC-SHA256
 * checked (tc3.ts), SmsSdkAppId, sign and template checked against its settings, and the answer Tencent
 * gives: SendStatusSet with Code "Ok" per number, or a per-number refusal code, or Response.Error.
 */
export interface TencentSmsStubOptions {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  /** A second approved template (the security notice of issue 24), if the account has one. */
  noticeTemplateId?: string;
}

export interface TencentDeliveredSms {
  phone: string;
  templateId: string;
  params: string[];
  serialNo: string;
}

interface SendSmsBody {
  PhoneNumberSet?: string[];
  SmsSdkAppId?: string;
  SignName?: string;
  TemplateId?: string;
  TemplateParamSet?: string[];
}

export async function startTencentSmsStub(options: TencentSmsStubOptions) {
  const delivered: TencentDeliveredSms[] = [];
  const refusals: string[] = [];
  const failures: string[] = [];

  /** Every request as received (tests replay and tamper with them). */
  const requests: StubRequest[] = [];
  const server = await startStubServer((req) => {
    requests.push(req);
    const refused = verifyTc3(req, { secretId: options.secretId, secretKey: options.secretKey, action: 'SendSms', version: '2021-01-11' });
    const fail = (code: string, message: string) => {
      refusals.push(code);
      return tencentError(code, message);
    };
    if (refused) {
      refusals.push((refused.body as { Response: { Error: { Code: string } } }).Response.Error.Code);
      return refused;
    }
    let body: SendSmsBody;
    try {
      body = JSON.parse(req.body.toString('utf8')) as SendSmsBody;
    } catch {
      return fail('InvalidParameter', '请求体不是合法的 JSON');
    }
    if (body.SmsSdkAppId !== options.sdkAppId) return fail('FailedOperation.SmsSdkAppIdVerifyFail', 'SdkAppId 校验失败');
    if (body.SignName !== options.signName) return fail('FailedOperation.SignatureIncorrectOrUnapproved', '签名未审批或格式错误');
    if (body.TemplateId !== options.templateId && (!options.noticeTemplateId || body.TemplateId !== options.noticeTemplateId))
      return fail('FailedOperation.TemplateIncorrectOrUnapproved', '模板未审批或内容不匹配');
    const numbers = body.PhoneNumberSet ?? [];
    if (numbers.length === 0) return fail('MissingParameter', '缺少参数 PhoneNumberSet');
    const SendStatusSet = numbers.map((PhoneNumber) => {
      const serialNo = randomUUID();
      const failure = failures.shift();
      if (failure) {
        refusals.push(failure);
        return {
          SerialNo: '',
          PhoneNumber,
          Fee: 0,
          SessionContext: '',
          Code: failure,
          Message: '单个手机号日下发短信条数超过设定的上限',
          IsoCode: 'CN',
        };
      }
      if (!/^\+861\d{10}$/.test(PhoneNumber)) {
        refusals.push('InvalidParameterValue.IncorrectPhoneNumber');
        return {
          SerialNo: '',
          PhoneNumber,
          Fee: 0,
          SessionContext: '',
          Code: 'InvalidParameterValue.IncorrectPhoneNumber',
          Message: '手机号格式错误',
          IsoCode: 'CN',
        };
      }
      delivered.push({ phone: PhoneNumber.slice(3), templateId: body.TemplateId!, params: body.TemplateParamSet ?? [], serialNo });
      return { SerialNo: serialNo, PhoneNumber, Fee: 1, SessionContext: '', Code: 'Ok', Message: 'send success', IsoCode: 'CN' };
    });
    return tencentAnswer({ SendStatusSet });
  });

  return {
    url: server.url,
    close: () => server.close(),
    delivered,
    requests,
    refusals,
    /** The next number gets this per-number code instead of Ok. */
    failNext(code = 'LimitExceeded.PhoneNumberDailyLimit') {
      failures.push(code);
    },
    lastCode(phone: string): string | undefined {
      return delivered.filter((d) => d.phone === phone).at(-1)?.params[0];
    },
  };
}

export type TencentSmsStub = Awaited<ReturnType<typeof startTencentSmsStub>>;
