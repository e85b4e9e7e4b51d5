import { liveMessageSchema } from '@skinfair/contract';
import { prefixImages } from '../format/image-url';

export interface ParsedLiveMessage {
  eventType: number;
  data: unknown;
}

/**
 * Spec §4: a payload that fails JSON parsing is logged and ignored. A body that parses but is not
 * `{eventType, data}` is treated the same way. Image fields of the data get the host prefix (spec §3).
 */
export function parseLiveBody(body: string): ParsedLiveMessage | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    console.error('[live] ignored a message that is not JSON', error, body.slice(0, 200));
    return null;
  }
  const parsed = liveMessageSchema.safeParse(json);
  if (!parsed.success) {
    console.error('[live] ignored a message without eventType/data', body.slice(0, 200));
    return null;
  }
  return { eventType: parsed.data.eventType, data: prefixImages(parsed.data.data) };
}
