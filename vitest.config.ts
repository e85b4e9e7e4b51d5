import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// With TEST_DATABASE_URL the server project runs on PostgreSQL, and only the PGlite-specific files run
// again on PGlite (apps/server/vitest.config.ts says which and why); without it everything runs on PGlite.
const postgres = Boolean(process.env.TEST_DATABASE_URL);

// One run covers every workspace; each project keeps its own config next to its code.
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'apps/*/vitest.config.ts',
      'apps/web/vitest.isolated.config.ts',
      ...(postgres ? ['apps/server/vitest.pglite.config.ts', 'apps/server/vitest.isolated.config.ts'] : []),
    ],
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core CI machine. The tests
    // wait on sockets, databases and timers as much as they compute, so two run side by side even there
    // (measured on 2 cores: 500 s → 361 s, docs/BENCHMARKS.md "Test suite").
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
