import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startFakeCatastroAtom, type FakeCatastroAtom } from '../fake-upstream/catastro-atom.js';
import { fixture } from '../helpers/paths.js';
import { sampleParcelsGml, writeSegoviaZips } from '../helpers/catastro-zips.js';
import { basemapAnswers } from './support/app.js';
import { startBrowserApp, type StartedBrowserApp } from './support/start-browser-app.js';

/**
 * `catastro start` where Electron is absent (these machines, users behind proxies): the same app in
 * a browser, with "make this area available offline" working through the session routes. The
 * Catastro's ATOM service is the fake (hand-written feeds, real Segovia zips).
 */
const PARCELS = sampleParcelsGml().toString('utf8').split('<cp:CadastralParcel ').length - 1;

let fake: FakeCatastroAtom;
let dataDir: string;
let app: StartedBrowserApp;
let appAddress: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fake = await startFakeCatastroAtom();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'catastro-start-browser-'));
  app = await startBrowserApp(dataDir, { CATASTRO_ES_ATOM_URL: fake.baseUrl });
  appAddress = app.address;
});

test.afterAll(async () => {
  await app?.stop();
  await fake?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Parcels drawn on the map right now (its vector tiles, rendered). */
const parcelsDrawn = (page: Page) => page.evaluate(() => window.__catastroMap!.queryRenderedFeatures({ layers: ['parcels-line'] }).length);

test("the browser app of catastro start makes the map's area available offline in two clicks, removes it, imports picked cadastre files and a hazard layer, the map following; the token stays with the tab", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000); // a real download and two imports, on a machine shared with others
  expect(appAddress).toMatch(/\/#session=[\w-]{20,}$/);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(appAddress);
  await page.waitForFunction(() => window.__catastroMap?.loaded() === true);
  // The token leaves the address bar (not bookmarked, not pasted to others); the tab keeps it.
  expect(new URL(page.url()).hash).toBe('');

  // Offline (no basemap answers), the dialog says downloading waits for the connection, before any try.
  await expect(page.getByTestId('connectivity')).toHaveAttribute('data-state', 'offline');
  await page.evaluate(() => window.__catastroMap!.jumpTo({ center: [-4.4703, 41.06], zoom: 14 }));
  await page.getByTestId('offline-here').click();
  const dialog = page.getByTestId('offline-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('offline-needs-connection')).toHaveText(/^You are offline: downloading, updating and resuming wait/);
  await expect(page.getByTestId('offline-download')).toBeDisabled();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Online again (the basemap answers; the app probes again on the browser's online event).
  await basemapAnswers(page);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByTestId('connectivity')).toHaveAttribute('data-state', 'online');

  // Over the sample municipality: click 1, the map action; click 2, download.
  await page.getByTestId('offline-here').click();
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('offline-needs-connection')).toHaveText(/^Downloading and updating need a connection/);
  await expect(page.getByTestId('offline-use-view')).toBeChecked();
  await page.getByTestId('offline-download').click();
  await expect(page.getByTestId('offline-result')).toContainText(`Done: ${PARCELS.toLocaleString('en')} parcels`, { timeout: 60_000 });
  const area = page.getByTestId('offline-area-ES.40146');
  await expect(area).toContainText('MELQUE DE CERCOS');
  await expect(area).toContainText(PARCELS.toLocaleString('en'));
  expect(fake.requests.some((r) => r.path.endsWith('/A.ES.SDGC.CP.40146.zip'))).toBe(true);

  // Removing the area takes its parcels off the map at once (the map's tiles are fetched again).
  await expect.poll(() => parcelsDrawn(page), { timeout: 15_000 }).toBeGreaterThan(0);
  await area.getByRole('button', { name: 'Remove' }).click();
  await expect(area).toHaveCount(0);
  await expect.poll(() => parcelsDrawn(page), { timeout: 15_000 }).toBe(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // Import cadastre files: the browser's picker, the Catastro's two zips, counts at the end, parcels drawn again.
  const zips = await writeSegoviaZips(mkdtempSync(path.join(dataDir, 'picked-')));
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('import').click();
  await (await chooser).setFiles([zips.parcels, zips.buildings]);
  await expect(page.getByTestId('import-status')).toContainText(`Imported 2 files; records read: ${PARCELS.toLocaleString('en')} parcels`, { timeout: 60_000 });
  await expect.poll(() => parcelsDrawn(page), { timeout: 15_000 }).toBeGreaterThan(0);

  // Hazard layers from files: the layer panel's import, the browser's picker, the Natura 2000 SPAs of Madrid.
  await page.getByTestId('hazard-import').locator('summary').click();
  const layerChooser = page.waitForEvent('filechooser');
  await page.getByTestId('import-protected-areas').click();
  await (await layerChooser).setFiles(fixture('analysis/es_madrid_zepa_qgis2web_3857.geojson'));
  await expect(page.getByTestId('layer-import-status')).toContainText('Imported 1 layer file', { timeout: 60_000 });
  await expect(page.getByTestId('layer-protectedAreas')).toBeChecked();

  // A reload keeps the session (the tab's storage); a tab without the token has no offline actions.
  await page.reload();
  await page.waitForFunction(() => window.__catastroMap?.loaded() === true);
  await expect(page.getByTestId('offline-open')).toBeVisible();
  const stranger = await browser.newPage();
  await stranger.goto(appAddress.replace(/#.*$/, ''));
  await stranger.waitForFunction(() => window.__catastroMap?.loaded() === true);
  await expect(stranger.getByTestId('search-input')).toBeVisible();
  await expect(stranger.getByTestId('offline-open')).toHaveCount(0);
  await expect(stranger.getByTestId('offline-here')).toHaveCount(0);
  await expect(stranger.getByTestId('import')).toHaveCount(0);
  await expect(stranger.getByTestId('hazard-import')).toHaveCount(0);
  await stranger.close();
  expect(pageErrors).toEqual([]);
});
