/**
 * The one error catalogue (spec §8, design §2). Services throw `AppError('CODE')`; the server's error
 * handler and the web client both read messages from here, so a code means the same text everywhere.
 * `status` is the envelope's numeric status; 0 is success and 401 is reserved for "not logged in".
 */
export const errorCatalogue = {
  NOT_LOGGED_IN: { status: 401, zh: '请先登录', en: 'Please log in first' },
  INTERNAL: { status: 1000, zh: '服务繁忙，请稍后再试', en: 'Service busy, please try again later' },
  PARAM_INVALID: { status: 1001, zh: '参数错误', en: 'Invalid parameters' },
  NOT_FOUND: { status: 1002, zh: '内容不存在', en: 'Not found' },
  ROUTE_NOT_FOUND: { status: 1003, zh: '接口不存在', en: 'No such API' },
  RATE_LIMITED: { status: 1004, zh: '操作过于频繁，请稍后再试', en: 'Too many requests, please slow down' },
  PAYLOAD_TOO_LARGE: { status: 1005, zh: '请求内容过大', en: 'Request too large' },
  DUPLICATE_REQUEST: { status: 1006, zh: '请勿重复提交', en: 'Duplicate request' },
  IDEMPOTENCY_KEY_REUSED: {
    status: 1007,
    zh: '该请求编号已用于其他请求',
    en: 'This idempotency key was used for another request',
  },
  DB_UNAVAILABLE: { status: 1008, zh: '服务暂时不可用，请稍后再试', en: 'Service temporarily unavailable' },
  UNSAFE_PARAM_NAME: { status: 1009, zh: '参数名不合法', en: 'Illegal parameter name' },
  REQUEST_TIMEOUT: { status: 1010, zh: '请求超时，请重试', en: 'Request timed out' },
  NETWORK_ERROR: { status: 1011, zh: '网络错误', en: 'Network error' },
  FEATURE_UNAVAILABLE: { status: 1012, zh: '该功能暂未开放', en: 'This feature is not available yet' },

  INSUFFICIENT_BALANCE: { status: 2001, zh: '余额不足', en: 'Insufficient balance' },
  ACCOUNT_MISSING: { status: 2002, zh: '账户不存在', en: 'Account not found' },
  AMOUNT_INVALID: { status: 2003, zh: '金额不正确', en: 'Invalid amount' },

  // spec §8 catalogue texts used by the sign-in, deposit and battle flows
  SMS_SENT: { status: 0, zh: '验证码已发送', en: 'Verification code sent' },
  SMS_SEND_FAILED: { status: 3001, zh: '验证码发送失败', en: 'Failed to send the verification code' },
  SLIDER_REQUIRED: { status: 3002, zh: '请先完成滑块验证', en: 'Complete the slider verification first' },
  MOBILE_INVALID: { status: 3003, zh: '请输入正确的手机号', en: 'Enter a correct mobile number' },
  AGREEMENT_REQUIRED: {
    status: 3004,
    zh: '请阅读并同意服务协议和隐私政策',
    en: 'Read and accept the service agreement and privacy policy',
  },
  PROMOTION_CODE_FORMAT: {
    status: 3005,
    zh: '推广码格式错误，请输入6-15位字母或数字',
    en: 'Promotion code must be 6-15 letters or digits',
  },
  TRADE_URL_INVALID: { status: 3006, zh: '请输入正确的交易链接', en: 'Enter a correct trade link' },
  AVATAR_REQUIRED: { status: 3007, zh: '请先选择头像', en: 'Select an avatar first' },
  PAYMENT_CHANNEL_REQUIRED: { status: 3008, zh: '请选择支付渠道', en: 'Choose a payment channel' },
  CURRENCY_REQUIRED: { status: 3009, zh: '请选择币种', en: 'Choose a currency' },
  JOIN_FAILED: { status: 3010, zh: '加入失败', en: 'Join failed' },
} as const satisfies Record<string, { status: number; zh: string; en: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export type Lang = 'zh' | 'en';

/** Languages whose header value starts with "en" get English; everything else gets the Chinese text. */
export function langFromHeader(header: string | undefined | null): Lang {
  return header && header.toLowerCase().startsWith('en') ? 'en' : 'zh';
}

export function errorMessage(code: ErrorCode, lang: Lang = 'zh'): string {
  return errorCatalogue[code][lang];
}

export function errorStatus(code: ErrorCode): number {
  return errorCatalogue[code].status;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(errorCatalogue, value);
}
