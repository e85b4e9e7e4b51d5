import { defineConfig } from 'vitest/config';
import { needIsolation, serverTestOptions } from './vitest.config';

// On PostgreSQL, the server files that need modules of their own (vitest.config.ts says why).
export default defineConfig({ test: { ...serverTestOptions, name: 'server-isolated', include: needIsolation } });
