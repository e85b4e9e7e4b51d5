import { describe, expect, it } from 'vitest';
import { BattleStateCode } from '@skinfair/contract';
import { pointAt } from './battle-timeline';
import { battleStatus, revealTimeline, statusLabel } from './battle-status';
import { givenBattle } from './test-battles';

const startAt = '2026-11-25T10:00:00.000Z';
const start = Date.parse(startAt);
/** A 3-round battle the beacon ended at `startAt`: its rounds come out 4 s apart. */
const ended = givenBattle({
  state: BattleStateCode.ended,
  revealStartAt: startAt,
  roundMs: 4_000,
  boxList: [1, 2, 3].map((round) => ({ ...givenBattle().boxList[0]!, round })),
});

const statusAt = (now: number, fast = false) => {
  const timeline = revealTimeline(ended, fast)!;
  return battleStatus(ended.state, pointAt(timeline, now).landed, ended.boxList.length);
};

describe('battle status (issue 30 §5)', () => {
  it('reads 开奖中, not 已结束, from the beacon until the last reel lands', () => {
    expect(statusAt(start)).toBe('revealing');
    expect(statusAt(start + 4_500)).toBe('revealing');
    // Round 3 starts 8 s in; its reels stop spinMs later.
    const lastLands = start + 8_000 + revealTimeline(ended, false)!.spinMs;
    expect(statusAt(lastLands - 1)).toBe('revealing');
    expect(statusAt(lastLands)).toBe('ended');
    expect(statusAt(start + 60_000)).toBe('ended');
    expect(statusLabel('revealing')).toBe('battle.state.revealing');
  });

  it('ends sooner in fast mode, when the reels stop sooner', () => {
    const fastLands = start + 8_000 + revealTimeline(ended, true)!.spinMs;
    expect(statusAt(fastLands, true)).toBe('ended');
    expect(statusAt(fastLands, false)).toBe('revealing');
  });

  it('keeps the server state for battles that are not being revealed', () => {
    expect(battleStatus(BattleStateCode.waiting, 0, 3)).toBe('waiting');
    expect(battleStatus(BattleStateCode.running, 0, 3)).toBe('running');
    expect(battleStatus(BattleStateCode.cancelled, 0, 3)).toBe('cancelled');
    expect(battleStatus(BattleStateCode.voided, 0, 3)).toBe('voided');
    // An ended battle without a schedule (an old record) is over.
    expect(revealTimeline({ ...ended, revealStartAt: null }, false)).toBeNull();
    expect(battleStatus(BattleStateCode.ended, 3, 3)).toBe('ended');
  });
});
