import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/** Checks between the first render and the mark; the mark needs this many quiet checks in a row. */
const CHECK_MS = 50;
const QUIET_CHECKS = 2;

/**
 * Sets `<html data-app-ready>` once the first page is on screen with its first data: no page chunk still
 * loading (the Suspense fallback and the lists mark themselves `aria-busy`) and no query in flight, for two
 * checks in a row. Set once per document, never removed; nothing in the app reads it. The end-to-end tests
 * wait for it after every full navigation: on a loaded 2-core machine a click could otherwise land on a
 * page that was still settling (two test files at once showed it, docs/BENCHMARKS.md "Test suite").
 */
export function useAppReadyMark(client: QueryClient): void {
  useEffect(() => {
    const html = document.documentElement;
    if (html.hasAttribute('data-app-ready')) return;
    let quiet = 0;
    const timer = setInterval(() => {
      const settling = client.isFetching() > 0 || document.querySelector('[aria-busy="true"]') !== null;
      quiet = settling ? 0 : quiet + 1;
      if (quiet < QUIET_CHECKS) return;
      html.setAttribute('data-app-ready', '');
      clearInterval(timer);
    }, CHECK_MS);
    return () => clearInterval(timer);
  }, [client]);
}
