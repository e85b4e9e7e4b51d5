import { battleModes, BattleStateCode } from '@skinfair/contract';
import type { MessageId } from '../../shared/i18n/zh-CN';

/** Contract mode code (0 oh, 1 fq) to its label; an unknown code reads as classic rather than blank. */
export const modeLabel = (mode: number): MessageId =>
  battleModes[mode] === 'fq' ? 'battle.mode.fq' : 'battle.mode.oh';

const stateLabels: Record<number, MessageId> = {
  [BattleStateCode.waiting]: 'battle.state.0',
  [BattleStateCode.running]: 'battle.state.1',
  [BattleStateCode.ended]: 'battle.state.2',
  [BattleStateCode.cancelled]: 'battle.state.3',
  [BattleStateCode.voided]: 'battle.state.4',
};
export const stateLabel = (state: number): MessageId => stateLabels[state] ?? 'battle.state.0';

const stateTones: Record<number, string> = {
  [BattleStateCode.waiting]: 'bg-emerald-500/20 text-emerald-300',
  [BattleStateCode.running]: 'bg-accent-orange/20 text-accent-orange',
  [BattleStateCode.ended]: 'bg-slate-500/20 text-slate-300',
  [BattleStateCode.cancelled]: 'bg-slate-700/40 text-slate-400',
  [BattleStateCode.voided]: 'bg-slate-700/40 text-slate-400',
};
export const stateTone = (state: number): string => stateTones[state] ?? stateTones[0]!;
