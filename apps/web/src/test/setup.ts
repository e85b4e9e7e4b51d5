import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { useLocaleStore } from '../shared/i18n/locale-store';

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
  localStorage.clear();
  sessionStorage.clear();
  useLocaleStore.setState({ locale: 'zh-CN' });
});
