import { defineConfig } from 'vitest/config';
import { pgliteSpecific, serverTestOptions } from './vitest.config';

// The PGlite-specific files beside a PostgreSQL run (the root vitest.config.ts adds this project only then).
// An empty TEST_DATABASE_URL in the project's env sends its global setup and its files to PGlite.
export default defineConfig({
  test: { ...serverTestOptions, name: 'server-pglite', include: pgliteSpecific, env: { TEST_DATABASE_URL: '' } },
});
