import { describe, expect, it } from 'vitest';
import { allSelected, keepListed, selectionTotals, toggleAll, toggleId } from './selection';

const items = [
  { id: 12, recoveryPrice: 1250 },
  { id: 13, recoveryPrice: 30 },
  { id: 14, recoveryPrice: 880_000 },
];

describe('backpack selection', () => {
  it('totals the count and recovery value of the selected items', () => {
    let selected = toggleId(new Set(), 12);
    selected = toggleId(selected, 14);
    expect(selectionTotals(items, selected)).toEqual({ count: 2, totalFen: 881_250, ids: [12, 14] });
    selected = toggleId(selected, 12);
    expect(selectionTotals(items, selected)).toEqual({ count: 1, totalFen: 880_000, ids: [14] });
  });

  it('select-all picks every listed item, and clears when all are picked', () => {
    const all = toggleAll(items, new Set([13]));
    expect(allSelected(items, all)).toBe(true);
    expect(selectionTotals(items, all)).toEqual({ count: 3, totalFen: 881_280, ids: [12, 13, 14] });
    expect(toggleAll(items, all).size).toBe(0);
    expect(allSelected([], new Set())).toBe(false);
  });

  it('forgets ids that are no longer listed (swapped or on another tab)', () => {
    const selected = keepListed(items.slice(1), new Set([12, 13]));
    expect([...selected]).toEqual([13]);
    expect(selectionTotals(items.slice(1), new Set([12, 13]))).toEqual({ count: 1, totalFen: 30, ids: [13] });
  });
});
