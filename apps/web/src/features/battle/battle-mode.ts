import type { MessageId } from '../../shared/i18n/zh-CN';

/** Spec §2: /reverse/* reuses the battle pages with the non-chieftain (fq) mode preset and the lists filtered. */
export type BattleMode = 'battle' | 'reverse';

export const battleTitles: Record<BattleMode, { list: MessageId; create: MessageId; room: MessageId }> = {
  battle: { list: 'title.battle', create: 'title.battleCreate', room: 'title.battleRoom' },
  reverse: { list: 'title.reverse', create: 'title.reverseCreate', room: 'title.reverseRoom' },
};

export const battleBasePath = (mode: BattleMode) => `/${mode}`;

/** The contract's mode filter for a page: /battle lists every mode (−1), /reverse only fq (1). */
export const battleModeCode = (mode: BattleMode): number => (mode === 'reverse' ? 1 : -1);
