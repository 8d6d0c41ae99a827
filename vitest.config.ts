import { defineConfig } from 'vitest/config';
import { worldOutlines } from './scripts/vite-world-outlines.js';

export default defineConfig({
  // The renderer's country outlines, which its build makes from world-atlas (renderer/map/world-outlines.ts).
  plugins: [worldOutlines({ inline: true })],
  test: {
    // Tests live under test/, mirroring the code they cover (test/unit/<folder of core, electron or
    // renderer>/…, test/integration/<area>/…; test/e2e holds only browser tests), except a
    // country's own tests, beside its row (core/countries/<cc>/test/: fake, recordings, golden files).
    include: ['test/unit/**/*.test.{ts,tsx}', 'test/integration/**/*.test.ts', 'core/countries/*/test/*.test.ts'],
    // jsdom lacks the <dialog> methods the renderer's ModalDialog uses (a no-op under node).
    setupFiles: ['test/helpers/dialog-polyfill.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
