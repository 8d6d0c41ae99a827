import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * Debian's Chromium where it is installed (.ci/run, these machines); elsewhere (the Windows and
 * macOS CI jobs, .github/workflows/ci.yml) Playwright's own, from `npx playwright install chromium`.
 */
const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * End-to-end tests of the built renderer (dist/renderer, built by the test script first) served
 * by the real API over the bundled sample, with Spain's live source pointed at the fake Catastro.
 * Everything runs offline: the app must detect it and fall back to the bundled style.
 */
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/playwright',
  globalSetup: './test/e2e/support/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: 'list',
  use: {
    browserName: 'chromium',
    viewport: { width: 1400, height: 860 },
    acceptDownloads: true,
    // No traces: several runs may share test-results/ (and wipe each other's artifacts); screenshots are saved by the tests.
    launchOptions: {
      executablePath: existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
  },
});
