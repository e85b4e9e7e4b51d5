import { consoleErrors } from './errors-console.js';

/**
 * The one error catalogue (spec §8, design §2). Services throw `AppError('CODE')`; the server's error
 * handler and the web client both read messages from here, so a code means the same text everywhere.
 * `status` is the envelope's numeric status; 0 is success and 401 is reserved for "not logged in".
 * Each code is written once, as `[status, Chinese text, English text]`; `errorCatalogue` names the three.
 */
const catalogue = {
  NOT_LOGGED_IN: [401, '请先登录', 'Please log in first'],
  INTERNAL: [1000, '服务繁忙，请稍后再试', 'Service busy, please try again later'],
  PARAM_INVALID: [1001, '参数错误', 'Invalid parameters'],
  NOT_FOUND: [1002, '内容不存在', 'Not found'],
  ROUTE_NOT_FOUND: [1003, '接口不存在', 'No such API'],
  RATE_LIMITED: [1004, '操作过于频繁，请稍后再试', 'Too many requests, please slow down'],
  PAYLOAD_TOO_LARGE: [1005, '请求内容过大', 'Request too large'],
  DUPLICATE_REQUEST: [1006, '请勿重复提交', 'Duplicate request'],
  IDEMPOTENCY_KEY_REUSED: [1007, '该请求编号已用于其他请求', 'This idempotency key was used for another request'],
  DB_UNAVAILABLE: [1008, '服务暂时不可用，请稍后再试', 'Service temporarily unavailable'],
  UNSAFE_PARAM_NAME: [1009, '参数名不合法', 'Illegal parameter name'],
  REQUEST_TIMEOUT: [1010, '请求超时，请重试', 'Request timed out'],
  NETWORK_ERROR: [1011, '网络错误', 'Network error'],
  FEATURE_UNAVAILABLE: [1012, '该功能暂未开放', 'This feature is not available yet'],

  ...consoleErrors,
  INSUFFICIENT_BALANCE: [2001, '余额不足', 'Insufficient balance'],
  ACCOUNT_MISSING: [2002, '账户不存在', 'Account not found'],
  AMOUNT_INVALID: [2003, '金额不正确', 'Invalid amount'],

  // spec §8 catalogue texts used by the sign-in, deposit and battle flows
  SMS_SENT: [0, '验证码已发送', 'Verification code sent'],
  SMS_SEND_FAILED: [3001, '验证码发送失败，请稍后重试', 'The code could not be sent; try again later'],
  SLIDER_REQUIRED: [3002, '请先完成滑块验证', 'Complete the slider verification first'],
  MOBILE_INVALID: [3003, '请输入正确的手机号', 'Enter a correct mobile number'],
  AGREEMENT_REQUIRED: [3004, '请阅读并同意服务协议和隐私政策', 'Read and accept the service agreement and privacy policy'],
  PROMOTION_CODE_FORMAT: [3005, '推广码格式错误，请输入6-15位字母或数字', 'Promotion code must be 6-15 letters or digits'],
  TRADE_URL_INVALID: [3006, '请输入正确的交易链接', 'Enter a correct trade link'],
  AVATAR_REQUIRED: [3007, '请先选择头像', 'Select an avatar first'],
  PAYMENT_CHANNEL_REQUIRED: [3008, '请选择支付渠道', 'Choose a payment channel'],
  CURRENCY_REQUIRED: [3009, '请选择币种', 'Choose a currency'],
  JOIN_FAILED: [3010, '加入失败', 'Join failed'],

  // accounts (issue 3)
  ADULT_REQUIRED: [3101, '请确认您已年满18周岁', 'Confirm that you are 18 or older'],
  PASSWORD_WEAK: [3102, '密码需为8-32位，且同时包含字母和数字', 'Password must be 8-32 characters with letters and digits'],
  SMS_CODE_FORMAT: [3103, '请输入6位短信验证码', 'Enter the 6-digit code'],
  SMS_CODE_INVALID: [3104, '验证码错误或已失效', 'Wrong or expired code'],
  SMS_CODE_TOO_MANY_TRIES: [3105, '验证码错误次数过多，请重新获取', 'Too many wrong codes, request a new one'],
  SMS_TOO_FREQUENT: [3106, '发送过于频繁，请稍后再试', 'Sending too often, try again later'],
  SMS_DAILY_LIMIT: [3107, '今日验证码发送次数已达上限', 'Daily code limit reached'],
  SLIDER_FAILED: [3108, '滑块验证未通过，请重试', 'Slider check failed, try again'],
  SLIDER_EXPIRED: [3109, '滑块验证已失效，请重新验证', 'Slider check expired, try again'],
  SLIDER_RANGE_LIMITED: [
    3150,
    '您所在网络的滑块验证次数过多，请1小时后再试',
    'Too many slider checks from your network; try again in an hour',
  ],
  LOGIN_FAILED: [3110, '手机号或密码错误', 'Wrong mobile number or password'],
  LOGIN_LOCKED: [
    3111,
    '密码错误次数过多，请稍后再试，或使用短信验证码登录',
    'Too many wrong passwords; wait a while or log in with an SMS code',
  ],
  MOBILE_REGISTERED: [3112, '该手机号已注册，请直接登录', 'This number is registered, please log in'],
  MOBILE_NOT_REGISTERED: [3113, '该手机号尚未注册，请先注册', 'This number is not registered yet'],
  PASSWORD_MISMATCH: [3114, '两次输入的密码不一致', 'The passwords do not match'],
  OLD_PASSWORD_WRONG: [3115, '原密码错误', 'The current password is wrong'],
  INVITER_NOT_FOUND: [3116, '邀请码不存在', 'No such invitation code'],
  ACCOUNT_DISABLED: [3117, '账号已注销或被冻结', 'This account is closed or frozen'],
  NICKNAME_INVALID: [3118, '昵称需为2-16个字符，不能包含特殊符号', 'Nickname must be 2-16 characters without special symbols'],
  EMAIL_INVALID: [3119, '请输入正确的邮箱地址', 'Enter a correct email address'],
  IMAGE_INVALID: [3120, '请上传2MB以内的JPG、PNG或WEBP图片', 'Upload a JPG, PNG or WEBP under 2 MB'],
  REAL_NAME_INVALID: [3121, '请输入正确的真实姓名', 'Enter your real name'],
  ID_CARD_INVALID: [3122, '请输入正确的身份证号码', 'Enter a correct ID card number'],
  UNDER_AGE: [3123, '未满18周岁，无法使用本站服务', 'Under 18: you cannot use this service'],
  ID_CARD_USED: [3124, '该身份证已绑定其他账号', 'This ID is bound to another account'],
  ALREADY_VERIFIED: [3125, '您已完成实名认证', 'Already verified'],
  VERIFY_REQUIRED: [3126, '请先完成实名认证', 'Complete the real-name check first'],
  SPENDING_BLOCKED: [3127, '当前账号无法进行消费', 'This account cannot spend'],
  STEAM_LOGIN_FAILED: [3128, 'Steam 登录验证失败，请重试', 'Steam login could not be verified'],
  STEAM_BOUND_ELSEWHERE: [3129, '该 Steam 账号已绑定其他账号', 'This Steam account is linked elsewhere'],
  SECURITY_CHECK_REQUIRED: [3130, '请先完成安全验证', 'Complete the security check first'],
  SECURITY_WAY_UNAVAILABLE: [3131, '该验证方式不可用', 'This verification method is unavailable'],
  MOBILE_SAME: [3132, '新手机号不能与原手机号相同', 'The new number is the same as the old one'],
  CERTIFY_PENDING: [3133, '实名认证处理中，请稍候', 'Verification in progress'],
  REAL_NAME_SERVICE_UNAVAILABLE: [
    3134,
    '实名认证服务暂时不可用，请稍后重试（本次不计入认证次数，验证码仍可使用）',
    'The identity check service is unavailable; try again later (this try is not counted and your code still works)',
  ],
  REAL_NAME_TOO_MANY_TRIES: [3135, '今日实名认证失败次数过多，请明天再试', 'Too many failed identity checks today; try again tomorrow'],
  PASSWORD_GUESS_LOCKED: [
    3141,
    '原密码错误次数过多，请稍后再试，或通过安全验证重设密码',
    'Too many wrong passwords; wait a while or reset it after a security check',
  ],
  SECURITY_WAY_TOO_NEW: [
    3142,
    '该验证方式绑定未满7天，暂不能用于安全验证，请使用手机号验证',
    'This method was bound less than 7 days ago and cannot be used for security checks yet',
  ],
  MAIL_UNAVAILABLE: [3143, '本站暂未开通邮件服务，请使用手机号验证', 'This site does not send mail yet; use your phone number instead'],

  // cases, backpack, shop, fairness (issue 4)
  BOX_NOT_FOUND: [4001, '箱子不存在', 'No such box'],
  BOX_DISABLED: [4002, '该箱子暂未开放', 'This box is not available'],
  ITEM_NOT_AVAILABLE: [4003, '饰品不存在或已被处理', 'Item not found or already used'],
  TRADE_URL_REQUIRED: [4004, '请先设置 Steam 交易链接', 'Set your Steam trade link first'],
  OUT_OF_STOCK: [4005, '库存不足', 'Out of stock'],
  FREE_BOX_UNAVAILABLE: [4006, '该免费箱子已使用或已过期', 'This free box is used or expired'],
  DEPOSIT_AMOUNT_OUT_OF_RANGE: [5001, '充值金额超出该渠道的限额', 'Amount outside the channel limits'],
  PAYMENT_CHANNEL_UNAVAILABLE: [5002, '该支付渠道暂不可用', 'This payment channel is unavailable'],
  DAILY_TOPUP_NOT_REACHED: [5003, '今日充值未达到领取门槛', 'Today’s deposits have not reached a reward tier'],
  DAILY_TOPUP_CLAIMED: [5004, '今日充值奖励已领取', 'Today’s top-up reward is already claimed'],
  INVITER_ALREADY_BOUND: [5101, '您已绑定过邀请人', 'An inviter is already bound'],
  INVITER_SELF: [5102, '不能绑定自己的邀请码', 'You cannot invite yourself'],
  INVITER_CYCLE: [5103, '不能绑定您邀请的用户', 'You cannot bind a user you invited'],
  INVITATION_CODE_TAKEN: [5104, '该推广码已被使用', 'This promotion code is taken'],
  INVITATION_CODE_LOCKED: [5105, '推广码只能修改一次', 'The promotion code can be changed once'],
  VOUCHER_UNAVAILABLE: [5301, '红包不存在、已使用或已过期', 'Voucher not found, used or expired'],
  COUPON_UNAVAILABLE: [5302, '优惠券不可用', 'This coupon cannot be used'],
  COUPON_MIN_SPEND: [5303, '未达到优惠券的最低消费金额', 'The minimum spend of this coupon is not reached'],
  BONUS_REAL_NAME_REQUIRED: [5401, '完成实名认证后才能领取该奖励', 'Complete the real-name check to claim this reward'],
  BONUS_DEVICE_REQUIRED: [
    5402,
    '无法识别您的设备，请在网页中领取该奖励',
    'Your device could not be recognised; claim this reward in the web app',
  ],
  BONUS_DEVICE_CLAIMED: [
    5403,
    '该设备已有账号领取过此奖励，每台设备限领一次',
    'An account on this device has already claimed this reward (once per device)',
  ],
  BONUS_IDENTITY_CLAIMED: [
    5404,
    '该实名身份已领取过此奖励，每人限领一次',
    'This reward was already claimed under your real name (once per person)',
  ],
  GOLDEN_CODE_INVALID: [5201, 'Golden Code 无效或已过期', 'Invalid or expired Golden Code'],
  GOLDEN_CODE_USED_UP: [5202, 'Golden Code 已被领完', 'This Golden Code has been fully claimed'],
  GOLDEN_CODE_ALREADY_REDEEMED: [5203, '您已领取过该 Golden Code', 'You have already claimed this Golden Code'],
  GOLDEN_CODE_TOO_MANY_TRIES: [5204, 'Golden Code 尝试次数过多，请1小时后再试', 'Too many Golden Code attempts, try again in an hour'],
  CLIENT_SEED_INVALID: [4007, '客户端种子需为1-64位字母、数字、下划线或短横线', 'Client seed must be 1-64 letters, digits, _ or -'],
  // battles (issue 12)
  BATTLE_NOT_FOUND: [6001, '对战房间不存在', 'No such battle'],
  BATTLE_NOT_WAITING: [6002, '对战已开始或已结束', 'This battle has already started or ended'],
  BATTLE_SEAT_TAKEN: [6003, '该位置已有玩家', 'This seat is taken'],
  BATTLE_ALREADY_JOINED: [6004, '您已在该对战中', 'You are already in this battle'],
  BATTLE_NOT_CREATOR: [6005, '只有房主可以进行此操作', 'Only the creator can do this'],
  BATTLE_PASSWORD_WRONG: [6006, '房间密码错误', 'Wrong room password'],
  BATTLE_BOT_UNAVAILABLE: [6007, '该机器人不可用', 'This bot is not available'],
  // dream chasing (issue 13)
  DREAM_PROBABILITY_OUT_OF_RANGE: [7001, '成功概率超出允许范围', 'The win probability is outside the allowed range'],
  DREAM_TARGET_NOT_FOUND: [7002, '目标饰品不存在', 'No such target item'],
  DREAM_TARGET_UNAVAILABLE: [7003, '该饰品暂不能作为追梦目标', 'This item cannot be a dream target'],
  DREAM_ITEMS_EXCEED_FEE: [
    7004,
    '投入饰品的价值已超过本次追梦所需费用，请减少饰品或提高成功概率',
    'The staked items are worth more than this dream costs: stake fewer items or raise the probability',
  ],
  DREAM_PRICE_CHANGED: [
    7005,
    '追梦费用已变化，本次未扣费，请确认后重试',
    'The dream fee changed; nothing was charged, please confirm again',
  ],
  // giveaway rooms 福利屋 (issue 14); join refusals are the spec §8 "join failed" family
  GIVEAWAY_NOT_FOUND: [8001, '福利屋不存在', 'No such giveaway room'],
  GIVEAWAY_ENDED: [8002, '加入失败：该福利屋已截止或已开奖', 'Join failed: this giveaway has closed or been drawn'],
  GIVEAWAY_CANCELLED: [8003, '加入失败：该福利屋已取消', 'Join failed: this giveaway was cancelled'],
  GIVEAWAY_ALREADY_JOINED: [8004, '加入失败：您已加入该福利屋', 'Join failed: you have already joined this giveaway'],
  GIVEAWAY_PASSWORD_WRONG: [8005, '加入失败：房间密码错误', 'Join failed: wrong room password'],
  GIVEAWAY_VERIFY_REQUIRED: [8006, '加入失败：请先完成实名认证', 'Join failed: complete the real-name check first'],
  GIVEAWAY_ACCOUNT_BLOCKED: [8007, '加入失败：当前账号无法参与福利屋', 'Join failed: this account cannot take part'],
  GIVEAWAY_DEPOSIT_NOT_MET: [
    8008,
    '加入失败：活动期间的充值金额未达到要求',
    'Join failed: your deposits in the window are below the minimum',
  ],
  GIVEAWAY_PROMOTION_NOT_MET: [8009, '加入失败：需绑定该房间要求的推广码', 'Join failed: you must be bound to this room’s promotion code'],
  GIVEAWAY_VIP_NOT_MET: [8010, '加入失败：VIP等级未达到要求', 'Join failed: your VIP grade is below the minimum'],
  GIVEAWAY_OWN_ROOM: [8011, '加入失败：不能加入自己创建的福利屋', 'Join failed: you cannot join your own room'],
  GIVEAWAY_NOT_CREATOR: [8012, '只有房主可以进行此操作', 'Only the creator can do this'],
  GIVEAWAY_NOT_RUNNING: [8013, '福利屋已截止、已开奖或已取消', 'This giveaway has closed, been drawn or been cancelled'],
  GIVEAWAY_HAS_ENTRIES: [8014, '已有玩家加入，无法取消福利屋', 'Players have joined: the room cannot be cancelled'],
  GIVEAWAY_OPEN_TIME_INVALID: [8015, '开奖时间需在10分钟至7天之内', 'The draw time must be 10 minutes to 7 days from now'],
  GIVEAWAY_DEPOSIT_WINDOW_INVALID: [8016, '充值统计的开始时间不能晚于结束时间', 'The deposit window starts after it ends'],
  GIVEAWAY_PROMOTION_STREAMER_ONLY: [8017, '只有主播可以要求绑定推广码', 'Only streamers can require their promotion code'],
  GIVEAWAY_NO_PROMOTION_CODE: [8018, '请先设置您的推广码', 'Set your promotion code first'],
  // an official room is house-funded: one entry per device and per real-name identity (decision 0016)
  GIVEAWAY_DEVICE_JOINED: [
    8019,
    '加入失败：该设备已有账号加入此官方福利屋，每台设备限一个账号',
    'Join failed: an account on this device has already joined this official giveaway (one per device)',
  ],
  GIVEAWAY_IDENTITY_JOINED: [
    8020,
    '加入失败：您的实名身份已有账号加入此官方福利屋',
    'Join failed: an account under your real name has already joined this official giveaway',
  ],
  EVENT_NOT_FOUND: [9001, '活动不存在或已结束', 'No such activity, or it has ended'],
  EVENT_TASK_INCOMPLETE: [9002, '任务尚未完成，完成后再来领取', 'This task is not complete yet'],
  EVENT_TASK_CLAIMED: [9003, '今日该任务奖励已领取', 'Today’s reward for this task is already claimed'],
  // player protection (issue 18, decision 0042): 91xx; the limit refusals carry a message naming the limit and its reset
  PROTECTION_DEPOSIT_LIMIT: [9101, '已达到充值限额，详见 /safer-play', 'Deposit limit reached; see /safer-play'],
  PROTECTION_LOSS_LIMIT: [9102, '已达到亏损限额，详见 /safer-play', 'Loss limit reached; see /safer-play'],
  PROTECTION_SESSION_LIMIT: [
    9103,
    '已达到单次登录时长限制，请休息后重新登录，详见 /safer-play',
    'Session time limit reached: take a break and log in again; see /safer-play',
  ],
  PROTECTION_EXCLUDED: [
    9104,
    '冷静期或自我排除期间无法充值或参与游戏，详见 /safer-play',
    'During a cool-off or self-exclusion you cannot deposit or play; see /safer-play',
  ],
  PROTECTION_EXCLUSION_SHORTER: [
    9105,
    '已有更长的冷静期或自我排除，无法缩短',
    'A longer cool-off or self-exclusion is already in force; it cannot be shortened',
  ],
  PROTECTION_BONUS_EXCLUDED: [
    9106,
    '冷静期或自我排除期间无法领取奖励或参与活动',
    'Bonuses and promotions are unavailable during a cool-off or self-exclusion',
  ],
  // issue 24 §1–4 withdrawal guard (trade link checks, holds, Steam identity, risk review): 92xx
  WITHDRAWAL_HOLD: [
    9201,
    '账户安全信息变更后，提取暂缓进行，请稍后再试',
    'Withdrawals are paused for a while after a change to your account security; try again later',
  ],
  TRADE_URL_STEAM_MISMATCH: [
    9202,
    '该交易链接不属于您绑定的 Steam 账户，请填写绑定账户的交易链接',
    'This trade link belongs to another Steam account; enter the trade link of the Steam account bound here',
  ],
  WITHDRAWAL_HOLD_NOT_FOUND: [9203, '该提取暂缓不存在或已解除', 'No such withdrawal hold, or it has been released'],
  WITHDRAWAL_REVIEW_PENDING: [
    9204,
    '该提取正在等待风控审核，请先通过或驳回审核',
    'This withdrawal is waiting for risk review; approve or reject the review first',
  ],
  WITHDRAWAL_REVIEW_NOT_PENDING: [9205, '该提取不在待审核状态', 'This withdrawal is not waiting for review'],
  // issue 24 §5–9 logins (Steam login binding, mail codes, giveaway password guesses): 93xx
  STEAM_LOGIN_OTHER_BROWSER: [
    9301,
    '请在发起 Steam 登录的同一浏览器中完成登录，本次登录未生效',
    'Finish the Steam login in the browser where you started it; you were not logged in',
  ],
  GIVEAWAY_PASSWORD_TOO_MANY_TRIES: [
    9302,
    '加入失败：房间密码错误次数过多，请稍后再试',
    'Join failed: too many wrong room passwords; try again later',
  ],
  // issue 24 §13–14 the player's own client seed: 94xx
  CLIENT_SEED_MISSING: [
    9401,
    '请先设置您的客户端种子，再开始游戏（本次未扣费）',
    'Set your client seed before playing (nothing was charged)',
  ],
  CLIENT_SEED_ALREADY_SET: [
    9402,
    '客户端种子已设置；如需修改，请更换种子',
    'Your client seed is already set; rotate the seeds to change it',
  ],
  // issue 24 §10 and §12 operator passwords and sessions: 96xx
  ADMIN_PASSWORD_CHANGE_REQUIRED: [9601, '请先设置新密码', 'Set a new password first'],
  ADMIN_PASSWORD_WRONG: [9602, '当前密码错误', 'The current password is wrong'],
  ADMIN_PASSWORD_SAME: [9603, '新密码不能与当前密码相同', 'The new password must differ from the current one'],
  ADMIN_PASSWORD_EXPIRED: [
    9604,
    '一次性密码已过期，请联系管理员重新重置',
    'This one-time password has expired; ask an admin to reset it again',
  ],
  ADMIN_RESET_SELF: [
    9605,
    '不能重置自己的密码或两步验证：请在“我的账户”中修改密码，或请另一位管理员操作',
    'You cannot reset your own password or two-factor: change your password under My account, or ask another admin',
  ],
  ADMIN_SESSION_NOT_FOUND: [9606, '会话不存在或已结束', 'No such session, or it has ended'],
  // issue 24 §11 insider limits (caps, two-person approval, box return ceiling): 97xx
  LIMIT_DAILY_CAP: [
    9701,
    '超出您今日该类操作的额度，操作未执行',
    'This would exceed your daily limit for this kind of action; nothing was done',
  ],
  APPROVAL_APPROVER_CAP: [
    9702,
    '批准后将超出您今日该类操作的额度，未批准',
    'Approving this would exceed your own daily limit for this kind of action; not approved',
  ],
  APPROVAL_NOT_FOUND: [9703, '审批申请不存在', 'No such approval request'],
  APPROVAL_OWN_REQUEST: [9704, '不能审批自己提交的申请，请由另一位操作员处理', 'You cannot decide your own request; another operator must'],
  APPROVAL_DECIDED: [9705, '该申请已被处理', 'This request has already been decided'],
  APPROVAL_EXPIRED: [9706, '该申请已过期，请重新提交', 'This request has expired; submit it again'],
  APPROVAL_REQUESTER_GONE: [
    9707,
    '申请人已停用或已无该操作权限，无法批准',
    'The requester is disabled or no longer holds the permission; it cannot be approved',
  ],
  APPROVAL_PARAMS_STALE: [9708, '申请内容已不再有效，请驳回后重新提交', 'The request is no longer valid; reject it and submit it again'],
  BOX_RETURN_ABOVE_CEILING: [
    9710,
    '箱子的声明返奖率高于上限，无法保存或发布',
    "The box's declared return is above the ceiling; it cannot be saved or published",
  ],
  BOX_LIVE_RETURN_ABOVE_CEILING: [
    9711,
    '调价后，启用中箱子按今日回收价计算的当前期望返奖率将高于上限',
    "After this price change an enabled box's return at today's recovery prices would be above the ceiling",
  ],
  // issue 30 §1,3 deposits: bonus condition and limit (9801–9809)
  PROTECTION_DEPOSIT_LIMIT_LEFT: [9801, '超出充值限额，详见 /safer-play', 'Over your deposit limit; see /safer-play'],
  // issue 30 §2 prices: sell-back never above the shop (9811–9819)
  PRICE_RECOVERY_ABOVE_SHOP: [
    9811,
    '回收价将高于商城售价，玩家可低买高卖：请在同一次修改中调高商城售价',
    'The recovery price would be above the shop price (buy low, sell high): raise the shop price in the same change',
  ],
  SHOP_PRICE_BELOW_RECOVERY: [
    9812,
    '商城售价不得低于该饰品的回收价，否则玩家可低买高卖',
    "The shop price may not be below the item's recovery price (buy low, sell high)",
  ],
  SHOP_PRICE_CHANGED: [
    9813,
    '商品价格已变动，本次未扣费，请刷新后重试',
    'The price changed; nothing was charged, please refresh and try again',
  ],
} as const satisfies Record<string, readonly [status: number, zh: string, en: string]>;

type Entry<E extends readonly [number, string, string]> = { readonly status: E[0]; readonly zh: E[1]; readonly en: E[2] };
export const errorCatalogue = Object.fromEntries(
  Object.entries(catalogue).map(([code, [status, zh, en]]) => [code, { status, zh, en }]),
) as { readonly [C in keyof typeof catalogue]: Entry<(typeof catalogue)[C]> };

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
