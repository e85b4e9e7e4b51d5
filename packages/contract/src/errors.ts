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

  // operator console (issue 16), /api/admin/* only: 95xx
  ADMIN_NOT_LOGGED_IN: { status: 9501, zh: '请先登录管理后台', en: 'Please log in to the console' },
  ADMIN_LOGIN_FAILED: { status: 9502, zh: '登录名或密码错误', en: 'Wrong login name or password' },
  ADMIN_LOGIN_LOCKED: { status: 9503, zh: '尝试次数过多，请稍后再试', en: 'Too many attempts, try again later' },
  ADMIN_TOTP_REQUIRED: { status: 9504, zh: '请先完成两步验证', en: 'Complete two-factor verification first' },
  ADMIN_TOTP_WRONG: { status: 9505, zh: '动态验证码错误', en: 'Wrong verification code' },
  ADMIN_FORBIDDEN: { status: 9506, zh: '没有该操作的权限', en: 'You do not have permission for this' },
  ADMIN_NAME_TAKEN: { status: 9507, zh: '该登录名已被使用', en: 'This login name is taken' },
  ADMIN_OPERATOR_NOT_FOUND: { status: 9508, zh: '操作员不存在', en: 'No such operator' },
  ADMIN_LAST_ADMIN: {
    status: 9509,
    zh: '不能停用或降级最后一个管理员，也不能停用自己',
    en: 'The last admin cannot be disabled or demoted, nor can you disable yourself',
  },
  ADMIN_ITEM_NOT_FOUND: { status: 9530, zh: '饰品不存在', en: 'No such item' },
  ADMIN_ITEM_IMPORT_TOO_LARGE: {
    status: 9531,
    zh: '价格表过大（最多5000行、1MB）',
    en: 'The price list is too large (at most 5000 rows, 1 MB)',
  },
  ADMIN_ITEM_IMPORT_FORMAT: {
    status: 9532,
    zh: '价格表格式错误，请检查表头或JSON',
    en: 'The price list is malformed; check its header or JSON',
  },
  ADMIN_ITEM_IMPORT_NOT_FOUND: {
    status: 9533,
    zh: '预览不存在或已过期，请重新预览',
    en: 'No such preview, or it has expired; preview again',
  },
  ADMIN_ITEM_IMPORT_APPLIED: { status: 9534, zh: '该预览已应用', en: 'This preview has already been applied' },
  ADMIN_ITEM_IMPORT_STALE: {
    status: 9535,
    zh: '预览后价格或回收规则已变更，请重新预览',
    en: 'Prices or the recovery rule changed since the preview; preview again',
  },
  ADMIN_ITEM_IMPORT_EMPTY: { status: 9536, zh: '预览中没有需要变更的价格', en: 'The preview changes no price' },
  ADMIN_SHOP_STOCK_NOT_FOUND: { status: 9537, zh: '商城库存不存在', en: 'No such shop stock line' },
  ADMIN_SHOP_ITEM_LISTED: { status: 9538, zh: '该饰品已在商城中', en: 'This item is already in the shop' },
  ADMIN_PLAYER_NOT_FOUND: { status: 9540, zh: '玩家不存在', en: 'No such player' },
  ADMIN_PLAYER_CANCELLED: {
    status: 9541,
    zh: '该账户已注销，不能冻结或解冻',
    en: 'This account is cancelled and cannot be frozen or unfrozen',
  },
  ADMIN_WITHDRAWAL_NOT_FOUND: { status: 9542, zh: '提取记录不存在', en: 'No such withdrawal' },
  ADMIN_WITHDRAWAL_STATE: { status: 9543, zh: '该提取已结束，不能再操作', en: 'This withdrawal has finished and cannot be changed' },
  ADMIN_WITHDRAWAL_REFERENCE_USED: {
    status: 9544,
    zh: '该交易报价编号已用于另一笔提取',
    en: 'This trade offer id is already recorded for another withdrawal',
  },
  ADMIN_WITHDRAWAL_BOT_OFFER: {
    status: 9545,
    zh: '发货机器人已为该提取发出交易报价（或已被接受），不能手动完成；请等待结果，或以失败撤回报价',
    en: 'The trade bot has an offer out for this withdrawal (or it was accepted); wait for it, or fail it to cancel the offer',
  },
  ADMIN_WITHDRAWAL_STEAM_UNAVAILABLE: {
    status: 9546,
    zh: 'Steam 暂时无法访问，未做任何更改，请稍后重试',
    en: 'Steam cannot be reached; nothing was changed, try again later',
  },
  ADMIN_DEPOSIT_NOT_FOUND: { status: 9550, zh: '充值订单不存在', en: 'No such deposit order' },
  ADMIN_DEPOSIT_MARKED: { status: 9551, zh: '该订单已标记待核查', en: 'This order is already marked for review' },
  ADMIN_CONTENT_NOT_FOUND: { status: 9580, zh: '内容不存在或已删除', en: 'No such content, or it was deleted' },
  ADMIN_CONTENT_EXISTS: { status: 9581, zh: '该键名在此语言下已存在', en: 'This key already exists in that language' },
  ADMIN_ACTIVITY_NOT_FOUND: { status: 9582, zh: '活动不存在', en: 'No such activity' },
  ADMIN_GOLDEN_CODE_NOT_FOUND: { status: 9560, zh: 'Golden Code 不存在', en: 'No such Golden Code' },
  ADMIN_GOLDEN_CODE_EXISTS: { status: 9561, zh: '该 Golden Code 已存在', en: 'This Golden Code already exists' },
  ADMIN_GOLDEN_CODE_REWARD: { status: 9562, zh: '奖励的饰品或箱子不存在', en: 'The reward item or box does not exist' },
  ADMIN_GOLDEN_CODE_STATE: { status: 9563, zh: '该 Golden Code 已是此状态', en: 'This Golden Code is already in that state' },
  ADMIN_VOUCHER_NOT_FOUND: { status: 9564, zh: '券不存在，或已使用、已过期', en: 'No such usable coupon or red packet' },
  ADMIN_LADDER_GRADES: {
    status: 9565,
    zh: '等级列表必须与现有等级一一对应（不能增删等级）',
    en: 'The ladder must list exactly the existing grades',
  },
  ADMIN_BOX_WEIGHT_SUM: { status: 9520, zh: '掉落权重之和必须正好为 100000', en: 'Drop weights must sum to exactly 100000' },
  ADMIN_BOX_DROP_DUPLICATE: { status: 9521, zh: '同一饰品在掉落列表中只能出现一次', en: 'An item may appear only once in the drop list' },
  ADMIN_BOX_ITEM_NOT_FOUND: { status: 9522, zh: '掉落列表中有不存在的饰品', en: 'The drop list names an item that does not exist' },
  ADMIN_BOX_THEME_NOT_FOUND: { status: 9523, zh: '箱子分类不存在', en: 'No such box theme' },

  INSUFFICIENT_BALANCE: { status: 2001, zh: '余额不足', en: 'Insufficient balance' },
  ACCOUNT_MISSING: { status: 2002, zh: '账户不存在', en: 'Account not found' },
  AMOUNT_INVALID: { status: 2003, zh: '金额不正确', en: 'Invalid amount' },

  // spec §8 catalogue texts used by the sign-in, deposit and battle flows
  SMS_SENT: { status: 0, zh: '验证码已发送', en: 'Verification code sent' },
  SMS_SEND_FAILED: { status: 3001, zh: '验证码发送失败，请稍后重试', en: 'The code could not be sent; try again later' },
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

  // accounts (issue 3)
  ADULT_REQUIRED: { status: 3101, zh: '请确认您已年满18周岁', en: 'Confirm that you are 18 or older' },
  PASSWORD_WEAK: {
    status: 3102,
    zh: '密码需为8-32位，且同时包含字母和数字',
    en: 'Password must be 8-32 characters with letters and digits',
  },
  SMS_CODE_FORMAT: { status: 3103, zh: '请输入6位短信验证码', en: 'Enter the 6-digit code' },
  SMS_CODE_INVALID: { status: 3104, zh: '验证码错误或已失效', en: 'Wrong or expired code' },
  SMS_CODE_TOO_MANY_TRIES: {
    status: 3105,
    zh: '验证码错误次数过多，请重新获取',
    en: 'Too many wrong codes, request a new one',
  },
  SMS_TOO_FREQUENT: { status: 3106, zh: '发送过于频繁，请稍后再试', en: 'Sending too often, try again later' },
  SMS_DAILY_LIMIT: { status: 3107, zh: '今日验证码发送次数已达上限', en: 'Daily code limit reached' },
  SLIDER_FAILED: { status: 3108, zh: '滑块验证未通过，请重试', en: 'Slider check failed, try again' },
  SLIDER_EXPIRED: { status: 3109, zh: '滑块验证已失效，请重新验证', en: 'Slider check expired, try again' },
  SLIDER_RANGE_LIMITED: {
    status: 3150,
    zh: '您所在网络的滑块验证次数过多，请1小时后再试',
    en: 'Too many slider checks from your network; try again in an hour',
  },
  LOGIN_FAILED: { status: 3110, zh: '手机号或密码错误', en: 'Wrong mobile number or password' },
  LOGIN_LOCKED: {
    status: 3111,
    zh: '密码错误次数过多，请稍后再试，或使用短信验证码登录',
    en: 'Too many wrong passwords; wait a while or log in with an SMS code',
  },
  MOBILE_REGISTERED: { status: 3112, zh: '该手机号已注册，请直接登录', en: 'This number is registered, please log in' },
  MOBILE_NOT_REGISTERED: { status: 3113, zh: '该手机号尚未注册，请先注册', en: 'This number is not registered yet' },
  PASSWORD_MISMATCH: { status: 3114, zh: '两次输入的密码不一致', en: 'The passwords do not match' },
  OLD_PASSWORD_WRONG: { status: 3115, zh: '原密码错误', en: 'The current password is wrong' },
  INVITER_NOT_FOUND: { status: 3116, zh: '邀请码不存在', en: 'No such invitation code' },
  ACCOUNT_DISABLED: { status: 3117, zh: '账号已注销或被冻结', en: 'This account is closed or frozen' },
  NICKNAME_INVALID: {
    status: 3118,
    zh: '昵称需为2-16个字符，不能包含特殊符号',
    en: 'Nickname must be 2-16 characters without special symbols',
  },
  EMAIL_INVALID: { status: 3119, zh: '请输入正确的邮箱地址', en: 'Enter a correct email address' },
  IMAGE_INVALID: { status: 3120, zh: '请上传2MB以内的JPG、PNG或WEBP图片', en: 'Upload a JPG, PNG or WEBP under 2 MB' },
  REAL_NAME_INVALID: { status: 3121, zh: '请输入正确的真实姓名', en: 'Enter your real name' },
  ID_CARD_INVALID: { status: 3122, zh: '请输入正确的身份证号码', en: 'Enter a correct ID card number' },
  UNDER_AGE: { status: 3123, zh: '未满18周岁，无法使用本站服务', en: 'Under 18: you cannot use this service' },
  ID_CARD_USED: { status: 3124, zh: '该身份证已绑定其他账号', en: 'This ID is bound to another account' },
  ALREADY_VERIFIED: { status: 3125, zh: '您已完成实名认证', en: 'Already verified' },
  VERIFY_REQUIRED: { status: 3126, zh: '请先完成实名认证', en: 'Complete the real-name check first' },
  SPENDING_BLOCKED: { status: 3127, zh: '当前账号无法进行消费', en: 'This account cannot spend' },
  STEAM_LOGIN_FAILED: { status: 3128, zh: 'Steam 登录验证失败，请重试', en: 'Steam login could not be verified' },
  STEAM_BOUND_ELSEWHERE: { status: 3129, zh: '该 Steam 账号已绑定其他账号', en: 'This Steam account is linked elsewhere' },
  SECURITY_CHECK_REQUIRED: { status: 3130, zh: '请先完成安全验证', en: 'Complete the security check first' },
  SECURITY_WAY_UNAVAILABLE: { status: 3131, zh: '该验证方式不可用', en: 'This verification method is unavailable' },
  MOBILE_SAME: { status: 3132, zh: '新手机号不能与原手机号相同', en: 'The new number is the same as the old one' },
  CERTIFY_PENDING: { status: 3133, zh: '实名认证处理中，请稍候', en: 'Verification in progress' },
  REAL_NAME_SERVICE_UNAVAILABLE: {
    status: 3134,
    zh: '实名认证服务暂时不可用，请稍后重试（本次不计入认证次数，验证码仍可使用）',
    en: 'The identity check service is unavailable; try again later (this try is not counted and your code still works)',
  },
  REAL_NAME_TOO_MANY_TRIES: {
    status: 3135,
    zh: '今日实名认证失败次数过多，请明天再试',
    en: 'Too many failed identity checks today; try again tomorrow',
  },
  PASSWORD_GUESS_LOCKED: {
    status: 3141,
    zh: '原密码错误次数过多，请稍后再试，或通过安全验证重设密码',
    en: 'Too many wrong passwords; wait a while or reset it after a security check',
  },
  SECURITY_WAY_TOO_NEW: {
    status: 3142,
    zh: '该验证方式绑定未满7天，暂不能用于安全验证，请使用手机号验证',
    en: 'This method was bound less than 7 days ago and cannot be used for security checks yet',
  },

  // cases, backpack, shop, fairness (issue 4)
  BOX_NOT_FOUND: { status: 4001, zh: '箱子不存在', en: 'No such box' },
  BOX_DISABLED: { status: 4002, zh: '该箱子暂未开放', en: 'This box is not available' },
  ITEM_NOT_AVAILABLE: { status: 4003, zh: '饰品不存在或已被处理', en: 'Item not found or already used' },
  TRADE_URL_REQUIRED: { status: 4004, zh: '请先设置 Steam 交易链接', en: 'Set your Steam trade link first' },
  OUT_OF_STOCK: { status: 4005, zh: '库存不足', en: 'Out of stock' },
  FREE_BOX_UNAVAILABLE: { status: 4006, zh: '该免费箱子已使用或已过期', en: 'This free box is used or expired' },
  DEPOSIT_AMOUNT_OUT_OF_RANGE: { status: 5001, zh: '充值金额超出该渠道的限额', en: 'Amount outside the channel limits' },
  PAYMENT_CHANNEL_UNAVAILABLE: { status: 5002, zh: '该支付渠道暂不可用', en: 'This payment channel is unavailable' },
  DAILY_TOPUP_NOT_REACHED: { status: 5003, zh: '今日充值未达到领取门槛', en: 'Today’s deposits have not reached a reward tier' },
  DAILY_TOPUP_CLAIMED: { status: 5004, zh: '今日充值奖励已领取', en: 'Today’s top-up reward is already claimed' },
  INVITER_ALREADY_BOUND: { status: 5101, zh: '您已绑定过邀请人', en: 'An inviter is already bound' },
  INVITER_SELF: { status: 5102, zh: '不能绑定自己的邀请码', en: 'You cannot invite yourself' },
  INVITER_CYCLE: { status: 5103, zh: '不能绑定您邀请的用户', en: 'You cannot bind a user you invited' },
  INVITATION_CODE_TAKEN: { status: 5104, zh: '该推广码已被使用', en: 'This promotion code is taken' },
  INVITATION_CODE_LOCKED: { status: 5105, zh: '推广码只能修改一次', en: 'The promotion code can be changed once' },
  VOUCHER_UNAVAILABLE: { status: 5301, zh: '红包不存在、已使用或已过期', en: 'Voucher not found, used or expired' },
  COUPON_UNAVAILABLE: { status: 5302, zh: '优惠券不可用', en: 'This coupon cannot be used' },
  COUPON_MIN_SPEND: { status: 5303, zh: '未达到优惠券的最低消费金额', en: 'The minimum spend of this coupon is not reached' },
  BONUS_REAL_NAME_REQUIRED: { status: 5401, zh: '完成实名认证后才能领取该奖励', en: 'Complete the real-name check to claim this reward' },
  BONUS_DEVICE_REQUIRED: {
    status: 5402,
    zh: '无法识别您的设备，请在网页中领取该奖励',
    en: 'Your device could not be recognised; claim this reward in the web app',
  },
  BONUS_DEVICE_CLAIMED: {
    status: 5403,
    zh: '该设备已有账号领取过此奖励，每台设备限领一次',
    en: 'An account on this device has already claimed this reward (once per device)',
  },
  BONUS_IDENTITY_CLAIMED: {
    status: 5404,
    zh: '该实名身份已领取过此奖励，每人限领一次',
    en: 'This reward was already claimed under your real name (once per person)',
  },
  GOLDEN_CODE_INVALID: { status: 5201, zh: 'Golden Code 无效或已过期', en: 'Invalid or expired Golden Code' },
  GOLDEN_CODE_USED_UP: { status: 5202, zh: 'Golden Code 已被领完', en: 'This Golden Code has been fully claimed' },
  GOLDEN_CODE_ALREADY_REDEEMED: { status: 5203, zh: '您已领取过该 Golden Code', en: 'You have already claimed this Golden Code' },
  GOLDEN_CODE_TOO_MANY_TRIES: {
    status: 5204,
    zh: 'Golden Code 尝试次数过多，请1小时后再试',
    en: 'Too many Golden Code attempts, try again in an hour',
  },
  CLIENT_SEED_INVALID: {
    status: 4007,
    zh: '客户端种子需为1-64位字母、数字、下划线或短横线',
    en: 'Client seed must be 1-64 letters, digits, _ or -',
  },
  // battles (issue 12)
  BATTLE_NOT_FOUND: { status: 6001, zh: '对战房间不存在', en: 'No such battle' },
  BATTLE_NOT_WAITING: { status: 6002, zh: '对战已开始或已结束', en: 'This battle has already started or ended' },
  BATTLE_SEAT_TAKEN: { status: 6003, zh: '该位置已有玩家', en: 'This seat is taken' },
  BATTLE_ALREADY_JOINED: { status: 6004, zh: '您已在该对战中', en: 'You are already in this battle' },
  BATTLE_NOT_CREATOR: { status: 6005, zh: '只有房主可以进行此操作', en: 'Only the creator can do this' },
  BATTLE_PASSWORD_WRONG: { status: 6006, zh: '房间密码错误', en: 'Wrong room password' },
  BATTLE_BOT_UNAVAILABLE: { status: 6007, zh: '该机器人不可用', en: 'This bot is not available' },
  // dream chasing (issue 13)
  DREAM_PROBABILITY_OUT_OF_RANGE: { status: 7001, zh: '成功概率超出允许范围', en: 'The win probability is outside the allowed range' },
  DREAM_TARGET_NOT_FOUND: { status: 7002, zh: '目标饰品不存在', en: 'No such target item' },
  DREAM_TARGET_UNAVAILABLE: { status: 7003, zh: '该饰品暂不能作为追梦目标', en: 'This item cannot be a dream target' },
  DREAM_ITEMS_EXCEED_FEE: {
    status: 7004,
    zh: '投入饰品的价值已超过本次追梦所需费用，请减少饰品或提高成功概率',
    en: 'The staked items are worth more than this dream costs: stake fewer items or raise the probability',
  },
  DREAM_PRICE_CHANGED: {
    status: 7005,
    zh: '追梦费用已变化，本次未扣费，请确认后重试',
    en: 'The dream fee changed; nothing was charged, please confirm again',
  },
  // giveaway rooms 福利屋 (issue 14); join refusals are the spec §8 "join failed" family
  GIVEAWAY_NOT_FOUND: { status: 8001, zh: '福利屋不存在', en: 'No such giveaway room' },
  GIVEAWAY_ENDED: { status: 8002, zh: '加入失败：该福利屋已截止或已开奖', en: 'Join failed: this giveaway has closed or been drawn' },
  GIVEAWAY_CANCELLED: { status: 8003, zh: '加入失败：该福利屋已取消', en: 'Join failed: this giveaway was cancelled' },
  GIVEAWAY_ALREADY_JOINED: { status: 8004, zh: '加入失败：您已加入该福利屋', en: 'Join failed: you have already joined this giveaway' },
  GIVEAWAY_PASSWORD_WRONG: { status: 8005, zh: '加入失败：房间密码错误', en: 'Join failed: wrong room password' },
  GIVEAWAY_VERIFY_REQUIRED: { status: 8006, zh: '加入失败：请先完成实名认证', en: 'Join failed: complete the real-name check first' },
  GIVEAWAY_ACCOUNT_BLOCKED: { status: 8007, zh: '加入失败：当前账号无法参与福利屋', en: 'Join failed: this account cannot take part' },
  GIVEAWAY_DEPOSIT_NOT_MET: {
    status: 8008,
    zh: '加入失败：活动期间的充值金额未达到要求',
    en: 'Join failed: your deposits in the window are below the minimum',
  },
  GIVEAWAY_PROMOTION_NOT_MET: {
    status: 8009,
    zh: '加入失败：需绑定该房间要求的推广码',
    en: 'Join failed: you must be bound to this room’s promotion code',
  },
  GIVEAWAY_VIP_NOT_MET: { status: 8010, zh: '加入失败：VIP等级未达到要求', en: 'Join failed: your VIP grade is below the minimum' },
  GIVEAWAY_OWN_ROOM: { status: 8011, zh: '加入失败：不能加入自己创建的福利屋', en: 'Join failed: you cannot join your own room' },
  GIVEAWAY_NOT_CREATOR: { status: 8012, zh: '只有房主可以进行此操作', en: 'Only the creator can do this' },
  GIVEAWAY_NOT_RUNNING: { status: 8013, zh: '福利屋已截止、已开奖或已取消', en: 'This giveaway has closed, been drawn or been cancelled' },
  GIVEAWAY_HAS_ENTRIES: { status: 8014, zh: '已有玩家加入，无法取消福利屋', en: 'Players have joined: the room cannot be cancelled' },
  GIVEAWAY_OPEN_TIME_INVALID: {
    status: 8015,
    zh: '开奖时间需在10分钟至7天之内',
    en: 'The draw time must be 10 minutes to 7 days from now',
  },
  GIVEAWAY_DEPOSIT_WINDOW_INVALID: {
    status: 8016,
    zh: '充值统计的开始时间不能晚于结束时间',
    en: 'The deposit window starts after it ends',
  },
  GIVEAWAY_PROMOTION_STREAMER_ONLY: {
    status: 8017,
    zh: '只有主播可以要求绑定推广码',
    en: 'Only streamers can require their promotion code',
  },
  GIVEAWAY_NO_PROMOTION_CODE: { status: 8018, zh: '请先设置您的推广码', en: 'Set your promotion code first' },
  // an official room is house-funded: one entry per device and per real-name identity (decision 0016)
  GIVEAWAY_DEVICE_JOINED: {
    status: 8019,
    zh: '加入失败：该设备已有账号加入此官方福利屋，每台设备限一个账号',
    en: 'Join failed: an account on this device has already joined this official giveaway (one per device)',
  },
  GIVEAWAY_IDENTITY_JOINED: {
    status: 8020,
    zh: '加入失败：您的实名身份已有账号加入此官方福利屋',
    en: 'Join failed: an account under your real name has already joined this official giveaway',
  },
  EVENT_NOT_FOUND: { status: 9001, zh: '活动不存在或已结束', en: 'No such activity, or it has ended' },
  EVENT_TASK_INCOMPLETE: { status: 9002, zh: '任务尚未完成，完成后再来领取', en: 'This task is not complete yet' },
  EVENT_TASK_CLAIMED: { status: 9003, zh: '今日该任务奖励已领取', en: 'Today’s reward for this task is already claimed' },
  // player protection (issue 18, decision 0042): 91xx; the limit refusals carry a message naming the limit and its reset
  PROTECTION_DEPOSIT_LIMIT: { status: 9101, zh: '已达到充值限额，详见 /safer-play', en: 'Deposit limit reached; see /safer-play' },
  PROTECTION_LOSS_LIMIT: { status: 9102, zh: '已达到亏损限额，详见 /safer-play', en: 'Loss limit reached; see /safer-play' },
  PROTECTION_SESSION_LIMIT: {
    status: 9103,
    zh: '已达到单次登录时长限制，请休息后重新登录，详见 /safer-play',
    en: 'Session time limit reached: take a break and log in again; see /safer-play',
  },
  PROTECTION_EXCLUDED: {
    status: 9104,
    zh: '冷静期或自我排除期间无法充值或参与游戏，详见 /safer-play',
    en: 'During a cool-off or self-exclusion you cannot deposit or play; see /safer-play',
  },
  PROTECTION_EXCLUSION_SHORTER: {
    status: 9105,
    zh: '已有更长的冷静期或自我排除，无法缩短',
    en: 'A longer cool-off or self-exclusion is already in force; it cannot be shortened',
  },
  PROTECTION_BONUS_EXCLUDED: {
    status: 9106,
    zh: '冷静期或自我排除期间无法领取奖励或参与活动',
    en: 'Bonuses and promotions are unavailable during a cool-off or self-exclusion',
  },
  // issue 24 §1–4 withdrawal guard (trade link checks, holds, Steam identity, risk review): 92xx
  WITHDRAWAL_HOLD: {
    status: 9201,
    zh: '账户安全信息变更后，提取暂缓进行，请稍后再试',
    en: 'Withdrawals are paused for a while after a change to your account security; try again later',
  },
  TRADE_URL_STEAM_MISMATCH: {
    status: 9202,
    zh: '该交易链接不属于您绑定的 Steam 账户，请填写绑定账户的交易链接',
    en: 'This trade link belongs to another Steam account; enter the trade link of the Steam account bound here',
  },
  WITHDRAWAL_HOLD_NOT_FOUND: { status: 9203, zh: '该提取暂缓不存在或已解除', en: 'No such withdrawal hold, or it has been released' },
  WITHDRAWAL_REVIEW_PENDING: {
    status: 9204,
    zh: '该提取正在等待风控审核，请先通过或驳回审核',
    en: 'This withdrawal is waiting for risk review; approve or reject the review first',
  },
  WITHDRAWAL_REVIEW_NOT_PENDING: { status: 9205, zh: '该提取不在待审核状态', en: 'This withdrawal is not waiting for review' },
  // issue 24 §5–9 logins (Steam login binding, mail codes, giveaway password guesses): 93xx
  STEAM_LOGIN_OTHER_BROWSER: {
    status: 9301,
    zh: '请在发起 Steam 登录的同一浏览器中完成登录，本次登录未生效',
    en: 'Finish the Steam login in the browser where you started it; you were not logged in',
  },
  GIVEAWAY_PASSWORD_TOO_MANY_TRIES: {
    status: 9302,
    zh: '加入失败：房间密码错误次数过多，请稍后再试',
    en: 'Join failed: too many wrong room passwords; try again later',
  },
  // issue 24 §13–14 the player's own client seed: 94xx
  CLIENT_SEED_MISSING: {
    status: 9401,
    zh: '请先设置您的客户端种子，再开始游戏（本次未扣费）',
    en: 'Set your client seed before playing (nothing was charged)',
  },
  CLIENT_SEED_ALREADY_SET: {
    status: 9402,
    zh: '客户端种子已设置；如需修改，请更换种子',
    en: 'Your client seed is already set; rotate the seeds to change it',
  },
  // issue 24 §10 and §12 operator passwords and sessions: 96xx
  ADMIN_PASSWORD_CHANGE_REQUIRED: { status: 9601, zh: '请先设置新密码', en: 'Set a new password first' },
  ADMIN_PASSWORD_WRONG: { status: 9602, zh: '当前密码错误', en: 'The current password is wrong' },
  ADMIN_PASSWORD_SAME: { status: 9603, zh: '新密码不能与当前密码相同', en: 'The new password must differ from the current one' },
  ADMIN_PASSWORD_EXPIRED: {
    status: 9604,
    zh: '一次性密码已过期，请联系管理员重新重置',
    en: 'This one-time password has expired; ask an admin to reset it again',
  },
  ADMIN_RESET_SELF: {
    status: 9605,
    zh: '不能重置自己的密码或两步验证：请在“我的账户”中修改密码，或请另一位管理员操作',
    en: 'You cannot reset your own password or two-factor: change your password under My account, or ask another admin',
  },
  ADMIN_SESSION_NOT_FOUND: { status: 9606, zh: '会话不存在或已结束', en: 'No such session, or it has ended' },
  // issue 24 §11 insider limits (caps, two-person approval, box return ceiling): 97xx
  LIMIT_DAILY_CAP: {
    status: 9701,
    zh: '超出您今日该类操作的额度，操作未执行',
    en: 'This would exceed your daily limit for this kind of action; nothing was done',
  },
  APPROVAL_APPROVER_CAP: {
    status: 9702,
    zh: '批准后将超出您今日该类操作的额度，未批准',
    en: 'Approving this would exceed your own daily limit for this kind of action; not approved',
  },
  APPROVAL_NOT_FOUND: { status: 9703, zh: '审批申请不存在', en: 'No such approval request' },
  APPROVAL_OWN_REQUEST: {
    status: 9704,
    zh: '不能审批自己提交的申请，请由另一位操作员处理',
    en: 'You cannot decide your own request; another operator must',
  },
  APPROVAL_DECIDED: { status: 9705, zh: '该申请已被处理', en: 'This request has already been decided' },
  APPROVAL_EXPIRED: { status: 9706, zh: '该申请已过期，请重新提交', en: 'This request has expired; submit it again' },
  APPROVAL_REQUESTER_GONE: {
    status: 9707,
    zh: '申请人已停用或已无该操作权限，无法批准',
    en: 'The requester is disabled or no longer holds the permission; it cannot be approved',
  },
  APPROVAL_PARAMS_STALE: {
    status: 9708,
    zh: '申请内容已不再有效，请驳回后重新提交',
    en: 'The request is no longer valid; reject it and submit it again',
  },
  BOX_RETURN_ABOVE_CEILING: {
    status: 9710,
    zh: '箱子的声明返奖率高于上限，无法保存或发布',
    en: "The box's declared return is above the ceiling; it cannot be saved or published",
  },
  // issue 30 §1,3 deposits: bonus condition and limit (9801–9809)
  PROTECTION_DEPOSIT_LIMIT_LEFT: { status: 9801, zh: '超出充值限额，详见 /safer-play', en: 'Over your deposit limit; see /safer-play' },
  // issue 30 §2 prices: sell-back never above the shop (9811–9819)
  PRICE_RECOVERY_ABOVE_SHOP: {
    status: 9811,
    zh: '回收价将高于商城售价，玩家可低买高卖：请在同一次修改中调高商城售价',
    en: 'The recovery price would be above the shop price (buy low, sell high): raise the shop price in the same change',
  },
  SHOP_PRICE_BELOW_RECOVERY: {
    status: 9812,
    zh: '商城售价不得低于该饰品的回收价，否则玩家可低买高卖',
    en: "The shop price may not be below the item's recovery price (buy low, sell high)",
  },
  SHOP_PRICE_CHANGED: {
    status: 9813,
    zh: '商品价格已变动，本次未扣费，请刷新后重试',
    en: 'The price changed; nothing was charged, please refresh and try again',
  },
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
