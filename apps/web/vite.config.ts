import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompileMessages } from './vite-plugins/precompile-messages';
import { precompress } from './vite-plugins/precompress';
import { codeSplitting } from './vite-plugins/code-splitting';

// Same origin in production (the server serves dist/ with an SPA fallback); in development every server
// path is proxied to the API on :8080 so the browser never sees a second origin.
const apiTarget = 'http://localhost:8080';

/**
 * The release a browser error report names (issue 27 §10): SKINFAIR_RELEASE when the build sets it (the
 * Docker build has no .git: deploy/Dockerfile passes it as a build argument), else the package version
 * and the commit, else the version alone.
 */
function release(): string {
  const fromEnv = process.env.SKINFAIR_RELEASE?.trim();
  if (fromEnv) return fromEnv.replace(/[^\w.+-]/g, '-').slice(0, 64);
  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  try {
    const commit = execFileSync('git', ['rev-parse', '--short=8', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    return `${version}+${commit}`;
  } catch {
    return version;
  }
}

export default defineConfig({
  base: '/', // spec §9: public path '/'
  define: { 'import.meta.env.SKINFAIR_RELEASE': JSON.stringify(release()) },
  plugins: [react(), tailwindcss(), precompileMessages(), precompress()],
  server: {
    proxy: {
      '/api': apiTarget,
      '/ws': { target: apiTarget, ws: true },
      '/img': apiTarget,
      '/health': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    // react-dom + react-intl make the entry chunk larger than the default 500 kB warning.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // The contract declares every schema at module level; a zod builder call has no side effect, so an
      // unused schema can be dropped (issue 11: the entry chunk carried every schema of a contract module).
      treeshake: { manualPureFunctions: ['z'] },
      output: { codeSplitting },
    },
  },
});
