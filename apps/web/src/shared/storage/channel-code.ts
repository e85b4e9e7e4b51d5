import { readItem, writeItem } from './local';

/** Spec §3: the promotion channel is remembered under `channelCode` so a later sign-up credits it. */
export const CHANNEL_CODE_KEY = 'channelCode';

export const getChannelCode = (): string | null => readItem(CHANNEL_CODE_KEY) || null;

/** Remembers a non-empty code; an empty value never erases a remembered channel. */
export function rememberChannelCode(code: string | null | undefined): void {
  const trimmed = code?.trim();
  if (trimmed) writeItem(CHANNEL_CODE_KEY, trimmed);
}
