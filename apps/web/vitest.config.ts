import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Files that check what a first load does (a lazily fetched chunk or catalogue not there yet): they need
 * modules nobody in the worker has imported before them, so they run in vitest.isolated.config.ts.
 */
export const needFreshModules = ['src/shared/i18n/locale.test.ts', 'src/shared/ui/toast-prefetch.test.tsx', 'src/shared/ui/toast.test.tsx'];

export const webTestOptions = {
  environment: 'jsdom',
  include: ['src/**/*.test.{ts,tsx}'],
  setupFiles: ['src/test/setup.ts'],
  restoreMocks: true,
  // jsdom pages with real timers (reels, countdowns) run slower on a loaded 2-core CI machine.
  testTimeout: 20_000,
};

export default defineConfig({
  plugins: [react()],
  // The other files share their worker's modules (React, the router, the catalogues) instead of importing
  // them again per file: the web run went 166 → 75 s on 2 cores. The setup file resets what a test leaves
  // behind (the DOM, storage, the locale) after every test, isolated or not.
  test: { name: 'web', ...webTestOptions, isolate: false, exclude: needFreshModules },
});
