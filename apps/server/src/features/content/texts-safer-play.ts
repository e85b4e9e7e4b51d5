import type { DocumentText } from './document-text.js';

/**
 * The help page on playing safely (/safer-play, issue 18, decision 0043). Operators edit it on the
 * console's Content screen; the help lines must be checked for each market before launch (they were
 * correct to the best of our knowledge when written).
 */
export const saferPlayZh: DocumentText = {
  title: '理性娱乐与帮助',
  summary: '如何安全地玩：问题赌博的迹象、本站的保护工具，以及可以求助的机构。',
  body: `开箱、对战和追梦都是 **概率游戏**：从长期看，您拿回的价值平均低于您付出的金额。请只用您输得起的钱来玩，把它当作娱乐的花费，而不是赚钱的方法。

## 需要警惕的迹象

如果下面的情况有几条符合您，请停下来想一想，或者和信任的人、专业机构谈一谈：

- 花在游戏上的时间或金钱比原本打算的多；
- 为了“赢回来”而继续玩，或者加大投入；
- 借钱、变卖物品或动用生活必需的钱来充值；
- 对家人朋友隐瞒玩的时间或花费；
- 不玩的时候感到焦虑、烦躁，或者玩了以后感到内疚；
- 因为玩而耽误工作、学习、睡眠或人际关系。

## 本站的保护工具

在 **个人中心 → 保护设置**（[/personal/protection](/personal/protection)）中您可以：

- **充值限额**：按天、周、月设定最多充值的金额；
- **亏损限额**：按天、周、月设定最多亏损的金额（支出减去兑换回的金额，不含充值）；
- **单次游戏时长**：一次登录最多可以玩多久；
- 调低限额立即生效；调高或取消限额要等 **24 小时** 冷静期后才生效；
- **冷静期**（24 小时到 6 周）和 **自我排除**（6 个月、1 年或 5 年）：期间仍可登录、查看余额和提取饰品，但不能充值或游戏，且不能提前解除；营销消息和奖励也会停止。

在 **个人中心 → 我的活动**（[/personal/activity](/personal/activity)）中您可以：

- 按天和按月查看充值、支出、返还和净结果的图表；
- 打开 **现实提醒**：每隔您选择的时间（15 分钟到 2 小时），网站会弹窗告诉您本次登录已玩多久、净结果是多少，您可以选择继续或停止（退出登录）。

## 可以求助的地方

- **北京心理危机研究与干预中心（北京回龙观医院）心理援助热线**：010-82951332（24 小时）
- **全国统一心理援助热线**：12356
- **香港平和基金 戒赌热线**：1834 633
- **Gambling Therapy**（多语言在线支持）：[gamblingtherapy.org](https://www.gamblingtherapy.org)
- **Gamblers Anonymous 匿名戒赌会**：[gamblersanonymous.org](https://www.gamblersanonymous.org)
- **GamCare**（英国，含 24 小时热线 0808 8020 133）：[gamcare.org.uk](https://www.gamcare.org.uk)
- **BeGambleAware**：[begambleaware.org](https://www.begambleaware.org)

如果您觉得自己或身边的人可能有问题，越早求助越好。您也可以随时联系我们的客服，为您设置冷静期或自我排除。

本站仅面向年满 18 周岁的用户。`,
};

export const saferPlayEn: DocumentText = {
  title: 'Safer play and help',
  summary: 'How to play safely: signs of problem gambling, the protection tools on this site, and where to find help.',
  body: `Boxes, battles and dreams are **games of chance**: over time you get back less value than you pay, on average. Only play with money you can afford to lose, as the price of entertainment, never as a way to make money.

## Signs to watch for

If several of these are true for you, stop and think, or talk to someone you trust or to a professional:

- you spend more time or money playing than you meant to;
- you keep playing, or stake more, to win back what you lost;
- you borrow, sell things or use money for essentials to top up;
- you hide how much you play or spend from family and friends;
- you feel anxious or irritable when not playing, or guilty after playing;
- playing gets in the way of work, study, sleep or relationships.

## The tools on this site

Under **Personal → Protection** ([/personal/protection](/personal/protection)) you can set:

- a **deposit limit** per day, week and month;
- a **loss limit** per day, week and month (spend less swaps back, deposits not counted);
- a **session time limit** for one login;
- lowering a limit takes effect at once; raising or removing one only after a **24-hour** cooling period;
- a **cool-off** (24 hours to 6 weeks) or **self-exclusion** (6 months, 1 year or 5 years): you can still log in, see your balances and withdraw items, but cannot deposit or play, and it cannot be undone early; marketing messages and bonuses stop.

Under **Personal → My activity** ([/personal/activity](/personal/activity)) you can:

- see your deposits, spend, returns and net result by day and by month, as charts;
- turn on **reality checks**: every interval you choose (15 minutes to 2 hours) a dialog shows how long you have played since you logged in and your net result, and lets you continue or stop (log out).

## Where to find help

- **Beijing Psychological Crisis Research and Intervention Center (Beijing Huilongguan Hospital) helpline**: 010-82951332 (24 hours)
- **China's national mental health hotline**: 12356
- **Hong Kong Ping Wo Fund problem gambling helpline**: 1834 633
- **Gambling Therapy** (online support in many languages): [gamblingtherapy.org](https://www.gamblingtherapy.org)
- **Gamblers Anonymous**: [gamblersanonymous.org](https://www.gamblersanonymous.org)
- **GamCare** (UK, 24-hour helpline 0808 8020 133): [gamcare.org.uk](https://www.gamcare.org.uk)
- **BeGambleAware**: [begambleaware.org](https://www.begambleaware.org)

If you think you or someone close to you may have a problem, the sooner you ask for help the better. Our support team can also set a cool-off or self-exclusion for you at any time.

This site is only for people aged 18 or over.`,
};
