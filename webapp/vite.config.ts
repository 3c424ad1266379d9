import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompileMessages } from './scripts/precompile-messages.mjs';
import { precompress } from './scripts/precompress.mjs';

// The server serves the built app and the API from one origin; in development Vite
// forwards API calls to a locally running leffaseura-server.
export default defineConfig(({ mode }) => ({
  plugins: [react(), precompileMessages(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // react-router's package exports name its development build only (with its warnings);
      // the production build is the same API, smaller (remix-run/react-router#12532).
      ...(mode === 'production'
        ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) }]
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
    include: ['src/**/*.test.{ts,tsx}'],
    // Page tests render many tiles; on a loaded 2-core CI machine 5 s is not enough.
    testTimeout: 30_000,
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
}));
