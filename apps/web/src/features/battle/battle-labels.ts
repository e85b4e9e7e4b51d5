import { battleModes } from '@skinfair/contract';
import type { MessageId } from '../../shared/i18n/zh-CN';

/** Contract mode code (0 oh, 1 fq) to its label; an unknown code reads as classic rather than blank. */
export const modeLabel = (mode: number): MessageId => (battleModes[mode] === 'fq' ? 'battle.mode.fq' : 'battle.mode.oh');
