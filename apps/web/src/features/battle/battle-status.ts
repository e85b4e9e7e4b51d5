import { BattleStateCode, type BattleDetail } from '@skinfair/contract';
import type { MessageId } from '../../shared/i18n/zh-CN';
import { liveTimeline, type BattleTimeline } from './battle-timeline';

/**
 * What a room or a card says about a battle. The server ends a battle when the beacon arrives, but the
 * room then shows its rounds one by one for a while; until the last reel lands the battle reads 开奖中,
 * not 已结束 (issue 30 §5), so the badge never tells a watcher the battle is over while they watch it.
 */
export type BattleStatus = 'waiting' | 'running' | 'revealing' | 'ended' | 'cancelled' | 'voided';

const byState: Record<number, BattleStatus> = {
  [BattleStateCode.waiting]: 'waiting',
  [BattleStateCode.running]: 'running',
  [BattleStateCode.ended]: 'ended',
  [BattleStateCode.cancelled]: 'cancelled',
  [BattleStateCode.voided]: 'voided',
};

/** `landed`: rounds whose reels have landed on the live schedule (all of them when there is none). */
export function battleStatus(state: number, landed: number, rounds: number): BattleStatus {
  const status = byState[state] ?? 'waiting';
  return status === 'ended' && landed < rounds ? 'revealing' : status;
}

/** The live reveal schedule every watcher shares; null when the battle has none (not ended, or an old record). */
export function revealTimeline(battle: Pick<BattleDetail, 'revealStartAt' | 'roundMs' | 'boxList'>, fast: boolean): BattleTimeline | null {
  const rounds = battle.boxList.length;
  if (!battle.revealStartAt || rounds === 0) return null;
  return liveTimeline(battle.revealStartAt, battle.roundMs, rounds, fast);
}

const labels: Record<BattleStatus, MessageId> = {
  waiting: 'battle.state.0',
  running: 'battle.state.1',
  revealing: 'battle.state.revealing',
  ended: 'battle.state.2',
  cancelled: 'battle.state.3',
  voided: 'battle.state.4',
};
export const statusLabel = (status: BattleStatus): MessageId => labels[status];

const tones: Record<BattleStatus, string> = {
  waiting: 'bg-emerald-500/20 text-emerald-300',
  running: 'bg-accent-orange/20 text-accent-orange',
  revealing: 'bg-accent-orange/20 text-accent-orange',
  ended: 'bg-slate-500/20 text-slate-300',
  cancelled: 'bg-slate-700/40 text-slate-400',
  voided: 'bg-slate-700/40 text-slate-400',
};
export const statusTone = (status: BattleStatus): string => tones[status];
