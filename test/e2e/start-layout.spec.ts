import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { fixture, repoRoot } from '../helpers/paths.js';
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
  // Hazard layers bring their owners' credits (EEA, Copernicus): the attribution grows to two lines.
  const layers = spawnSync(
    process.execPath,
    [
      'bin/catastro.js',
      'import-layers',
      '--data',
      dataDir,
      '--protected-areas',
      fixture('analysis/es_madrid_zepa_qgis2web_3857.geojson'),
      '--ground-motion',
      fixture('analysis/egms/EGMS_L3_E45N17_100km_U_2020_2024_1.zip'),
    ],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  if (layers.status !== 0) throw new Error(`import-layers failed:\n${layers.stdout}${layers.stderr}`);
  app = await startBrowserApp(dataDir);
});

test.afterAll(async () => {
  await app?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

for (const viewport of [
  { width: 1024, height: 640 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width}×${viewport.height} every toolbar control of start's browser app is on screen and the page is no wider than the window`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    // No network here: once every source is checked, all are down, the sources pill's longest form.
    const statusUrl = new URL('/api/status', app.address).href;
    await expect
      .poll(async () => ((await (await page.request.get(statusUrl)).json()).data.sources as { lastCheck?: unknown }[]).every((s) => s.lastCheck), {
        timeout: 60_000,
      })
      .toBe(true);
    await page.goto(app.address);
    await page.waitForFunction(() => window.__catastroMap?.loaded() === true);
    await expect(page.getByTestId('offline-open')).toBeVisible();
    await expect(page.getByTestId('source-status')).toHaveAttribute('data-state', 'degraded');
    const controls = page.locator('.toolbar').locator('button, input, select, summary');
    expect(await controls.count()).toBeGreaterThanOrEqual(8);
    for (const control of await controls.all()) {
      const box = (await control.boundingBox())!;
      const name = (await control.getAttribute('aria-label')) ?? (await control.innerText()) ?? '';
      expect(box.x + box.width, `"${name.trim()}" ends inside the window`).toBeLessThanOrEqual(viewport.width);
    }
    await expect(page.getByRole('button', { name: 'Settings' })).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'page width').toBeLessThanOrEqual(viewport.width);
    // Two rows at most: the list of countries down must not take a row of its own from the map.
    expect((await page.locator('.toolbar').boundingBox())!.height, 'toolbar height').toBeLessThanOrEqual(100);
    const panel = (await page.getByTestId('parcel-panel').boundingBox())!;
    expect(panel.x + panel.width, 'the side panel ends inside the window').toBeLessThanOrEqual(viewport.width);
    await screenshot(page, `start-layout-${viewport.width}`);
  });
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const viewport of [
  { width: 1024, height: 640 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width}×${viewport.height} the cursor readout and "Make this area available offline" leave the map's credits readable when overlays lengthen them`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto(app.address);
    await page.waitForFunction(() => window.__catastroMap?.loaded() === true);
    await page.evaluate(() => window.__catastroMap!.jumpTo({ center: [-3.65, 40.7], zoom: 10 }));
    const toggle = page.getByTestId('layer-panel-toggle');
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    await page.getByTestId('layer-protectedAreas').check();
    await page.getByTestId('layer-groundMotion').check();
    const attribution = page.locator('.maplibregl-ctrl-attrib');
    await expect(attribution).toContainText('Copernicus');
    const map = (await page.getByTestId('map').boundingBox())!;
    await page.mouse.move(map.x + map.width / 2, map.y + map.height / 3);
    await expect(page.getByTestId('cursor-readout')).toBeVisible();
    await expect.poll(async () => (await attribution.boundingBox())!.height).toBeGreaterThan(0);
    const credits = (await attribution.boundingBox())!;
    for (const testId of ['cursor-readout', 'offline-here']) {
      expect(overlap((await page.getByTestId(testId).boundingBox())!, credits), `${testId} lies over the attribution`).toBe(false);
    }
    await screenshot(page, `start-layout-credits-${viewport.width}`);
  });
}

test('at 1024×640 the offline dialog shows the areas the copy holds, with their Update and Remove, without scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 640 });
  await page.goto(app.address);
  await page.waitForFunction(() => window.__catastroMap?.loaded() === true);
  await page.getByTestId('offline-open').click();
  // `start` imports the bundled sample, Melque de Cercos (40146): one held area.
  const area = page.getByTestId('offline-area-ES.40146');
  await expect(area).toBeVisible();
  for (const name of ['Update', 'Remove']) {
    await expect(area.getByRole('button', { name }), `${name} of the held area`).toBeInViewport({ ratio: 1 });
  }
  await screenshot(page, 'start-layout-offline-1024');
});

test('at 1024×640 a failed search explains itself below the toolbar, leaving its second row usable', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 640 });
  await page.goto(app.address);
  await page.waitForFunction(() => window.__catastroMap?.loaded() === true);
  // No network here: an address search is answered "needs a connection" by the service.
  await page.getByTestId('search-input').fill('Calle Mayor 1, Madrid');
  await page.getByTestId('search-input').press('Enter');
  const problem = page.getByTestId('search-problem');
  await expect(problem).toBeVisible({ timeout: 30_000 });
  const toolbar = (await page.locator('.toolbar').boundingBox())!;
  const box = (await problem.boundingBox())!;
  expect(box.y, 'the popover starts below the toolbar').toBeGreaterThanOrEqual(toolbar.y + toolbar.height - 1);
  for (const control of await page.locator('.toolbar').locator('button, input, select, summary').all()) {
    if (!(await control.isVisible()) || (await control.evaluate((element) => !!element.closest('[data-testid="search-problem"]')))) continue;
    const name = (await control.getAttribute('aria-label')) ?? (await control.innerText()) ?? '';
    expect(overlap((await control.boundingBox())!, box), `"${name.trim()}" lies under the popover`).toBe(false);
  }
  await screenshot(page, 'start-layout-search-problem-1024');
  await page.getByTestId('offline-open').click();
  await expect(page.getByTestId('offline-dialog')).toBeVisible();
});
