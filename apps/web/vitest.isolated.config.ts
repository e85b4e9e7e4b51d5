import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { needFreshModules, webTestOptions } from './vitest.config';

// The web files that check a first load, each with modules of its own (vitest.config.ts says why).
export default defineConfig({ plugins: [react()], test: { ...webTestOptions, name: 'web-isolated', include: needFreshModules } });
