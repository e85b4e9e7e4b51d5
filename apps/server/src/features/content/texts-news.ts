import type { DocumentText } from './document-text.js';

/**
 * The news documents the server starts with (home tab 资讯, category news): what changed on the site, in
 * Chinese (the reference text) and English. Operators add more rows later; these describe real features.
 */
export const newsZh: Record<string, DocumentText> = {
  'news-giveaways': {
    title: '福利房上线：官方房间免费参与',
    summary: '官方福利房按时开奖，奖品直接进入背包，开奖结果可在浏览器中验证。',
    body: `# 福利房上线：官方房间免费参与

现在可以在 [福利房](/giveaways) 参与官方房间：到点自动开奖，中奖饰品直接放入背包。

## 怎么参与

- 登录并完成实名认证后，在福利房列表中选择房间，点击“加入”。
- 每个房间写明参与条件、名额和开奖时间。
- 开奖前，房间在托管中的奖品会显示为“福利房托管中”。

## 公平

开奖使用公开的种子和参与名单哈希，开奖后任何人都可以在房间的验证页面复算中奖者。`,
  },
  'news-provably-fair': {
    title: '每一次开箱都可以在浏览器里验证',
    summary: '种子公开后，用验证工具复算每一次结果，并核对事先公布的哈希。',
    body: `# 每一次开箱都可以在浏览器里验证

Skinfair 的开箱结果由服务端种子、您的客户端种子和 Nonce 计算得出，在动画开始之前就已写入您的记录。

## 如何验证

1. 在 [公平性设置](/provably-fair) 查看当前服务端种子的哈希，可以随时修改客户端种子。
2. 更换种子后，旧的服务端种子会公开。
3. 打开 [验证工具](/provably-fair/verify)，输入种子和 Nonce，在浏览器里复算 Roll 点，并核对哈希是否一致。

计算过程完全在您的浏览器中进行，不依赖我们的服务器。`,
  },
  'news-first-deposit': {
    title: '首次充值加赠 {firstDepositPercent}%',
    summary: '新玩家首次充值额外获得 {firstDepositPercent}% 金币，规则见活动页。',
    body: `# 首次充值加赠 {firstDepositPercent}%

年满 18 周岁的新玩家首次充值可额外获得 **{firstDepositPercent}%** 的金币。

- 领取条件是完成实名认证：已认证的账户随充值一起到账；认证前充值的，加赠金币在您完成实名认证时到账，不会过期。
- 每人、每台设备仅限一次；冷静期或自我排除期间不发放。
- 金币只能在站内使用，不能提现。
- 具体条款见 [充值优惠](/promotions)。

请理性娱乐，量力而行。`,
  },
};

export const newsEn: Record<string, DocumentText> = {
  'news-giveaways': {
    title: 'Giveaway rooms are open: join official rooms for free',
    summary: 'Official rooms draw on time, prizes go straight to the backpack, and every draw can be verified in the browser.',
    body: `# Giveaway rooms are open: join official rooms for free

You can now join official rooms under [Giveaways](/giveaways): they draw on their own at the set time, and prizes go straight to the winner's backpack.

## How to join

- Log in and verify your identity, pick a room in the giveaway list and choose "Join".
- Each room states its conditions, number of places and draw time.
- Until the draw, a room's prizes show as held in escrow.

## Fairness

The draw uses a published seed and a hash of the entry list; afterwards anyone can recompute the winners on the room's verify page.`,
  },
  'news-provably-fair': {
    title: 'Every case opening can be verified in your browser',
    summary: 'Once a seed is revealed, recompute each result with the verify tool and check the hash published beforehand.',
    body: `# Every case opening can be verified in your browser

Each result is computed from the server seed, your client seed and a nonce, and is written to your records before the animation starts.

## How to verify

1. See the hash of the current server seed in [fairness settings](/provably-fair); change your client seed at any time.
2. After a seed change the old server seed is revealed.
3. Open the [verify tool](/provably-fair/verify), enter the seeds and nonce, recompute the roll in your browser and check the hash.

The computation runs entirely in your browser, without our server.`,
  },
  'news-first-deposit': {
    title: '+{firstDepositPercent}% on your first deposit',
    summary: 'New players get {firstDepositPercent}% extra coins on their first deposit; terms on the promotions page.',
    body: `# +{firstDepositPercent}% on your first deposit

New players aged 18 and over receive **{firstDepositPercent}%** extra coins on their first deposit.

- The condition is the real-name check: a verified account gets the bonus with the deposit; a deposit made before the check gets it when you complete the check, and it does not expire.
- Once per person and per device; none during a cool-off or self-exclusion.
- Coins are for use on the site only and cannot be cashed out.
- Full terms: [promotions](/promotions).

Please play responsibly.`,
  },
};
