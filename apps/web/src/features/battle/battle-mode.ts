import type { MessageId } from '../../shared/i18n/zh-CN';

/** Spec §2: /reverse/* reuses the battle pages; the mode only changes titles and links for now. */
export type BattleMode = 'battle' | 'reverse';

export const battleTitles: Record<BattleMode, { list: MessageId; create: MessageId; room: MessageId }> = {
  battle: { list: 'title.battle', create: 'title.battleCreate', room: 'title.battleRoom' },
  reverse: { list: 'title.reverse', create: 'title.reverseCreate', room: 'title.reverseRoom' },
};

export const battleBasePath = (mode: BattleMode) => `/${mode}`;
