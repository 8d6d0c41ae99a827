import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { worldOutlines } from '../scripts/vite-world-outlines.js';

const root = fileURLToPath(new URL('.', import.meta.url));

// Relative base: the same build is served by the HTTP API at `/` and loaded by Electron from app://.
export default defineConfig({
  root,
  base: './',
  plugins: [react(), worldOutlines()],
  // The core's Node-only module loaders have browser twins (a browser has no node:module).
  resolve: { alias: [{ find: /^(.*)\/proj4-library\.js$/, replacement: '$1/proj4-library.browser.ts' }] },
  build: {
    outDir: fileURLToPath(new URL('../dist/renderer', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2500,
    rollupOptions: {
      output: {
        // Each language but the source one (en, bundled) is a chunk of its own, fetched when shown (renderer/i18n/resources.ts).
        manualChunks(id) {
          const language = /\/renderer\/i18n\/locales\/([^/]+)\//.exec(id)?.[1];
          return language && language !== 'en' ? `strings-${language}` : undefined;
        },
      },
    },
  },
});
