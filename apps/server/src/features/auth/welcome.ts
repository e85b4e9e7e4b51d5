import type { Executor } from '../../platform/db/client.js';
import type { MessageType } from '../messages/index.js';
import { loadSiteSettings } from '../common/index.js';

/** The first message a new account gets; the first-deposit percent is the one in force (issue 27 §5). */
export async function welcomeMessage(ex: Executor, nickname: string): Promise<{ type: MessageType; title: string; content: string }> {
  const { firstDepositBonusPercent } = await loadSiteSettings(ex);
  return {
    type: 'welcome',
    title: '欢迎来到 Skinfair',
    content:
      `${nickname}，欢迎加入 Skinfair！完成实名认证后，首次充值可额外获得 ${firstDepositBonusPercent}% 奖励（先充值也可，认证后到账）。每一次开箱、对战和追梦都可以在「公平性验证」中复核结果。` +
      '请先在个人中心填写 Steam 交易链接，以便提取饰品。本站仅向年满 18 周岁的玩家开放，请理性娱乐。',
  };
}
