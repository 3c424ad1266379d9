import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { compileHints } from './scripts/compile-hints.mjs';
import { precompileMessages } from './scripts/precompile-messages.mjs';
import { pageChunks } from './scripts/page-chunks.mjs';
import { precompress } from './scripts/precompress.mjs';
import { routePreloads } from './scripts/route-preloads.mjs';

// The server serves the built app and the API from one origin; in development Vite
// forwards API calls to a locally running leffaseura-server.
export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    precompileMessages(),
    pageChunks(fileURLToPath(new URL('./src/main.tsx', import.meta.url)), fileURLToPath(new URL('./src/app/pages/home-route.tsx', import.meta.url))),
    routePreloads(),
    compileHints(),
    precompress(),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(mode === 'production'
        ? [
            // Preact's React compatibility layer instead of react-dom in what ships: the
            // same API for what this app uses at a sixth of the size (react-dom was half
            // of the homepage's first-load script). The browser journeys run this build;
            // unit tests and the dev server keep React (its test utilities and fast refresh).
            { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
            { find: /^react-dom$/, replacement: 'preact/compat' },
            { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
            { find: /^react$/, replacement: 'preact/compat' },
            // wouter takes useSyncExternalStore from the shim for React before 18; Preact has it.
            { find: /^use-sync-external-store\/shim\/index\.js$/, replacement: 'preact/compat' },
          ]
        : []),
    ],
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    // Page tests render many tiles; on a loaded 2-core CI machine 5 s is not enough.
    testTimeout: 30_000,
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
}));
