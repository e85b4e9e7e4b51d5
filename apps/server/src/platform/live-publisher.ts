import type { LiveMessage } from '@skinfair/contract';

/** What services need from the live hub (platform/live): publish after commit, count who is online. */
export interface LivePublisher {
  publish(message: LiveMessage): void;
  onlineCount(): number;
}
