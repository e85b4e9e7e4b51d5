import { dropEventTypes, dropItemSchema, EventType, isTopGrade, limits, type DropItem } from '@skinfair/contract';

/** Spec §3/§4: feed lists keep at most 20 entries, without duplicates by id. */
export interface FeedState {
  recent: DropItem[];
  top: DropItem[];
  battleCreated: unknown;
  battleState: unknown;
  battleRank: unknown;
  /** Event 41 (issue 14): the latest giveaway room, as giveaway/detail shows it to a guest. */
  giveawayState: unknown;
}

export const emptyFeed: FeedState = {
  recent: [],
  top: [],
  battleCreated: null,
  battleState: null,
  battleRank: null,
  giveawayState: null,
};

/** Earlier entries win over later ones with the same id; the result is capped at 20. */
export function mergeDrops(first: readonly DropItem[], second: readonly DropItem[]): DropItem[] {
  const seen = new Set<number>();
  const out: DropItem[] = [];
  for (const drop of [...first, ...second]) {
    if (seen.has(drop.id)) continue;
    seen.add(drop.id);
    out.push(drop);
    if (out.length === limits.feedMaxEntries) break;
  }
  return out;
}

/** New live drops go to the front of the recent list; only grades 0 and 1 also reach the top list. */
export function prependDrops(state: FeedState, drops: readonly DropItem[]): FeedState {
  return {
    ...state,
    recent: mergeDrops(drops, state.recent),
    top: mergeDrops(
      drops.filter((d) => isTopGrade(d.grade)),
      state.top,
    ),
  };
}

/** The first page from GET /api/stat/lastDrop is older than anything received live, so it goes after. */
export function seedDrops(state: FeedState, recent: readonly DropItem[], top: readonly DropItem[]): FeedState {
  return {
    ...state,
    recent: mergeDrops(state.recent, recent),
    top: mergeDrops(
      state.top,
      top.filter((d) => isTopGrade(d.grade)),
    ),
  };
}

/** Drop payloads are validated one by one; a bad entry is dropped, the rest are kept. */
export function parseDrops(data: unknown): DropItem[] {
  const list = Array.isArray(data) ? data : [data];
  return list.flatMap((entry) => {
    const parsed = dropItemSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Spec §4: 21/22/23 are drops; 31/32/33 replace the stored battle values, 41 the giveaway value; others are ignored. */
export function applyLiveEvent(state: FeedState, eventType: number, data: unknown): FeedState {
  if (dropEventTypes.includes(eventType)) return prependDrops(state, parseDrops(data));
  switch (eventType) {
    case EventType.BATTLE_CREATED:
      return { ...state, battleCreated: data };
    case EventType.BATTLE_STATE:
      return { ...state, battleState: data };
    case EventType.BATTLE_RANK:
      return { ...state, battleRank: data };
    case EventType.GIVEAWAY_STATE:
      return { ...state, giveawayState: data };
    default:
      return state;
  }
}
