import { EventType } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import type { LivePublisher } from '../../platform/live-publisher.js';
import { giveawayView } from './views.js';

/** Event 41: the room as a guest sees it (no joinFlag, no eligibility), after each commit. */
export async function publishGiveaway(ctx: Pick<AppContext, 'db'> & { live: LivePublisher }, giveawayId: number) {
  const room = await giveawayView(ctx.db, giveawayId, null);
  ctx.live.publish({ eventType: EventType.GIVEAWAY_STATE, data: room });
}

/**
 * Joins publish at most once a second per room and node: the first at once, the rest folded into one
 * trailing publish with the count as it is then (500 joins in a second make 2 events, not 500).
 */
export const JOIN_PUBLISH_INTERVAL_MS = 1_000;
const lastPublish = new WeakMap<LivePublisher, Map<number, { at: number; pending: boolean }>>();

export function publishThrottled(ctx: Pick<AppContext, 'db'> & { live: LivePublisher }, giveawayId: number): void {
  let rooms = lastPublish.get(ctx.live);
  if (!rooms) lastPublish.set(ctx.live, (rooms = new Map()));
  const now = Date.now();
  const seen = rooms.get(giveawayId);
  const publish = () => {
    rooms.set(giveawayId, { at: Date.now(), pending: false });
    void publishGiveaway(ctx, giveawayId).catch(() => undefined);
  };
  if (!seen || now - seen.at >= JOIN_PUBLISH_INTERVAL_MS) return publish();
  if (seen.pending) return;
  seen.pending = true;
  setTimeout(publish, seen.at + JOIN_PUBLISH_INTERVAL_MS - now).unref();
}
