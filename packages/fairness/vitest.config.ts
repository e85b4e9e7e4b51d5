import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { name: 'fairness', include: ['src/**/*.test.ts'] } });
