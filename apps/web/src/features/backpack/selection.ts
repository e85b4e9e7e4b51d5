/** Multi-select over the loaded backpack items (pure, so the totals are testable). */
export interface Selectable {
  id: number;
  recoveryPrice: number;
}

export function toggleId(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** Every listed item is selected (and there is at least one). */
export function allSelected(items: readonly Selectable[], selected: ReadonlySet<number>): boolean {
  return items.length > 0 && items.every((item) => selected.has(item.id));
}

/** Select-all toggles: when everything listed is selected it clears, otherwise it selects all listed. */
export function toggleAll(items: readonly Selectable[], selected: ReadonlySet<number>): Set<number> {
  return allSelected(items, selected) ? new Set() : new Set(items.map((item) => item.id));
}

/** Drops ids no longer listed (after a swap or a reload), so the bar never counts hidden items. */
export function keepListed(items: readonly Selectable[], selected: ReadonlySet<number>): Set<number> {
  const listed = new Set(items.map((item) => item.id));
  return new Set([...selected].filter((id) => listed.has(id)));
}

export function selectionTotals(
  items: readonly Selectable[],
  selected: ReadonlySet<number>,
): { count: number; totalFen: number; ids: number[] } {
  const chosen = items.filter((item) => selected.has(item.id));
  return {
    count: chosen.length,
    totalFen: chosen.reduce((sum, item) => sum + item.recoveryPrice, 0),
    ids: chosen.map((item) => item.id),
  };
}
