import { defineConfig } from 'vitest/config';

// One run covers every workspace; each project keeps its own config next to its code.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts'],
  },
});
