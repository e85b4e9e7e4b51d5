import { describe, expect, it } from 'vitest';
import type { DropItem } from '@skinfair/contract';
import { givenDrop } from '../../test/factories';
import { applyLiveEvent, emptyFeed, mergeDrops, seedDrops } from './feed-reducer';

const ids = (list: DropItem[]) => list.map((d) => d.id);

describe('feed reducer (spec §3, §4)', () => {
  it('keeps at most 20 entries, newest first', () => {
    let state = emptyFeed;
    for (let id = 1; id <= 25; id += 1) state = applyLiveEvent(state, 21, [givenDrop(id)]);
    expect(state.recent).toHaveLength(20);
    expect(ids(state.recent)[0]).toBe(25);
    expect(ids(state.recent).at(-1)).toBe(6);
  });

  it('never holds the same id twice; the newest copy wins', () => {
    let state = applyLiveEvent(emptyFeed, 21, [givenDrop(1), givenDrop(2)]);
    state = applyLiveEvent(state, 23, [{ ...givenDrop(1), nickname: '新' }]);
    expect(ids(state.recent)).toEqual([1, 2]);
    expect(state.recent[0]?.nickname).toBe('新');
    expect(ids(mergeDrops([givenDrop(3), givenDrop(3)], [givenDrop(3)]))).toEqual([3]);
  });

  it('sends only grades 0 and 1 to the top list', () => {
    const state = applyLiveEvent(emptyFeed, 22, [givenDrop(1, 0), givenDrop(2, 1), givenDrop(3, 2), givenDrop(4, 3)]);
    expect(ids(state.recent)).toEqual([1, 2, 3, 4]);
    expect(ids(state.top)).toEqual([1, 2]);
  });

  it('replaces the stored battle values on 31, 32 and 33', () => {
    let state = applyLiveEvent(emptyFeed, 31, { battleId: 1 });
    state = applyLiveEvent(state, 31, { battleId: 2 });
    state = applyLiveEvent(state, 32, { state: 'running' });
    state = applyLiveEvent(state, 33, [{ rank: 1 }]);
    expect(state.battleCreated).toEqual({ battleId: 2 });
    expect(state.battleState).toEqual({ state: 'running' });
    expect(state.battleRank).toEqual([{ rank: 1 }]);
    expect(state.recent).toEqual([]);
  });

  it('replaces the stored giveaway value on 41', () => {
    const state = applyLiveEvent(applyLiveEvent(emptyFeed, 41, { id: 1 }), 41, { id: 2 });
    expect(state.giveawayState).toEqual({ id: 2 });
    expect(state.battleState).toBeNull();
  });

  it('ignores unknown event types and invalid drop entries', () => {
    expect(applyLiveEvent(emptyFeed, 99, [givenDrop(1)])).toBe(emptyFeed);
    const state = applyLiveEvent(emptyFeed, 21, [givenDrop(1), { id: 'x' }, null]);
    expect(ids(state.recent)).toEqual([1]);
  });

  it('seeds the fetched lists after the live entries, deduplicated and capped', () => {
    const live = applyLiveEvent(emptyFeed, 21, [givenDrop(100, 0)]);
    const fetched = Array.from({ length: 20 }, (_, i) => givenDrop(i + 1, i % 2));
    const state = seedDrops(live, [givenDrop(100), ...fetched], [givenDrop(100, 0), givenDrop(5, 3), givenDrop(6, 1)]);
    expect(state.recent).toHaveLength(20);
    expect(ids(state.recent).slice(0, 3)).toEqual([100, 1, 2]);
    expect(ids(state.top)).toEqual([100, 6]);
  });
});
