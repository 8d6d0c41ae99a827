import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { screenshot } from './support/app.js';
import { startBrowserApp, type StartedBrowserApp } from './support/start-browser-app.js';

/**
 * The browser app of `catastro start` has the most toolbar controls (Import cadastre files…,
 * Offline areas… besides Batch… and Settings): on a small laptop screen every one must stay on
 * screen, and the page must not grow wider than the window.
 */
let dataDir: string;
let app: StartedBrowserApp;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'catastro-start-layout-'));
  app = await startBrowserApp(dataDir);
});

test.afterAll(async () => {
  await app?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

for (const viewport of [{ width: 1024, height: 640 }, { width: 1280, height: 800 }]) {
  test(`at ${viewport.width}×${viewport.height} every toolbar control of start's browser app is on screen and the page is no wider than the window`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(app.address);
    await page.waitForFunction(() => window.__catastroMap?.loaded() === true);
    await expect(page.getByTestId('offline-open')).toBeVisible();
    const controls = page.locator('.toolbar').locator('button, input, select, summary');
    expect(await controls.count()).toBeGreaterThanOrEqual(8);
    for (const control of await controls.all()) {
      const box = (await control.boundingBox())!;
      const name = (await control.getAttribute('aria-label')) ?? (await control.innerText()) ?? '';
      expect(box.x + box.width, `"${name.trim()}" ends inside the window`).toBeLessThanOrEqual(viewport.width);
    }
    await expect(page.getByRole('button', { name: 'Settings' })).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'page width').toBeLessThanOrEqual(viewport.width);
    const panel = (await page.getByTestId('parcel-panel').boundingBox())!;
    expect(panel.x + panel.width, 'the side panel ends inside the window').toBeLessThanOrEqual(viewport.width);
    await screenshot(page, `start-layout-${viewport.width}`);
  });
}
