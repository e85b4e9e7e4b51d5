import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLivePageActive } from '../stores/page-loaded-store';
import { useLiveStore } from '../stores/live-store';
import { createLiveConnection, type LiveConnection, type StompFactory } from './live-connection';
import { parseLiveBody } from './live-message';

/** Routes one MESSAGE body into the live store; bad bodies were already logged by parseLiveBody. */
export function handleLiveBody(body: string): void {
  const message = parseLiveBody(body);
  if (message) useLiveStore.getState().applyEvent(message.eventType, message.data);
}

/**
 * Mounted once by the root layout. Spec §4: the socket activates after a page reports it has loaded,
 * deactivates when that page is left, and is reactivated when the tab becomes visible again.
 */
export function useLiveConnection(factory?: StompFactory): void {
  const active = useLivePageActive();
  const connection = useRef<LiveConnection | null>(null);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!active) return;
    // Drops published between the first HTTP fetch (or a disconnect) and the subscription would be lost
    // otherwise: refetch the feed lists once subscribed; the reducer drops duplicate ids.
    // The online count read at page load was taken before this socket existed (so a lone visitor saw 0):
    // read it again now that this visitor is counted.
    const onSubscribed = () => {
      // Observable state for people and tests alike: <html data-live="subscribed"> while events flow.
      document.documentElement.dataset.live = 'subscribed';
      void queryClient.invalidateQueries({ queryKey: ['stat', 'lastDrop'] });
      void queryClient.invalidateQueries({ queryKey: ['stat', 'homepage'] });
    };
    const conn = createLiveConnection({ onBody: handleLiveBody, onSubscribed, ...(factory ? { factory } : {}) });
    connection.current = conn;
    conn.start();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') conn.wake();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      document.documentElement.dataset.live = 'off';
      conn.stop();
      connection.current = null;
    };
  }, [active, factory, queryClient]);
}
