import { defineConfig } from 'vitest/config';

export default defineConfig({
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
