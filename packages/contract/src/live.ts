import { z } from 'zod';
import { giftDisplayShape, playerShape } from './shapes.js';
import { bool, int, nullableInt, nullableText, text } from './fields.js';

/** Live event types (spec §4, api-shapes §8). */
export const EventType = {
  CASE_DROP: 21,
  UPGRADE_DROP: 22,
  BATTLE_DROP: 23,
  BATTLE_CREATED: 31,
  BATTLE_STATE: 32,
  BATTLE_RANK: 33,
  /** Not in spec §4 (issue 14): a giveaway room as `giveaway/detail` shows it to a guest, on every change. */
  GIVEAWAY_STATE: 41,
} as const;
export type EventTypeCode = (typeof EventType)[keyof typeof EventType];

export const dropEventTypes: readonly number[] = [EventType.CASE_DROP, EventType.UPGRADE_DROP, EventType.BATTLE_DROP];

/** One drop of the live feed (RecentDropVo). Money is integer fen. Images are relative paths. */
export const dropItemSchema = z.object({
  id: int,
  userId: nullableInt,
  ...playerShape,
  ...giftDisplayShape,
  /** Bounded on the feed: 0 gold … 3 blue (the key keeps its place in giftDisplayShape, after giftImage). */
  grade: int.min(0).max(3),
  sourceType: int,
  sourceId: nullableInt,
  sourceName: nullableText,
  sourceImage: nullableText,
  createTime: text,
  /** Seeded or sandbox data, not a real opening: shown labelled as demo, never counted (decision 0017). */
  demo: bool,
});
export type DropItem = z.infer<typeof dropItemSchema>;

/** A MESSAGE body on /topic/messages. */
export const liveMessageSchema = z.object({ eventType: int, data: z.unknown() });
export type LiveMessage = { eventType: EventTypeCode; data: unknown };
