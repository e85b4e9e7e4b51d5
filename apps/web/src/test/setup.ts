import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { resetStores } from './reset-stores';
// The app loads the toaster chunk on the first toast (shared/ui/toast.tsx). Loaded here once per file, so
// that first toast does not pay for transforming react-hot-toast in the middle of a test's waitFor.
import { hotToast } from '../shared/ui/toaster';

// findBy*/waitFor give up after 1 s by default: a lazily loaded chunk (the Markdown preview, the dream
// target picker) took longer than that on a 2-core CI machine busy with the server suite. Waiting longer
// costs nothing when a test passes; a real failure still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no scrolling; react-router's ScrollRestoration calls it on every navigation.
window.scrollTo = () => {};
// jsdom has no matchMedia; react-hot-toast asks it for prefers-reduced-motion.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

// Each test starts from an empty browser: no token, no settings, no remembered channel (spec §3).
afterEach(() => {
  cleanup();
  // Files share their worker's modules and globals (vitest.config.ts): what one test stubbed or froze must
  // not reach the next file.
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetStores();
  // react-hot-toast keeps its toasts in module state, and a portal outlives the unmounted tree.
  hotToast.remove();
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
});
