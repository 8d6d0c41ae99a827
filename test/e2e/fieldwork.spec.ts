import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { length, lineString, area, polygon } from '@turf/turf';
import type { Page } from '@playwright/test';
import { SAMPLE_PARCEL, expect, mapIdle, screenshot, search, test } from './support/app.js';

/** A second sample parcel, next to SAMPLE_PARCEL. */
const NEIGHBOUR = { ref: '40146A00405050' };

async function centreOn(app: Page, longitude: number, latitude: number, zoom: number) {
  await app.evaluate(({ longitude, latitude, zoom }) => window.__catastroMap!.jumpTo({ center: [longitude, latitude], zoom }), { longitude, latitude, zoom });
  await mapIdle(app);
}

/** Page position of a WGS84 point. */
async function pagePoint(app: Page, longitude: number, latitude: number): Promise<{ x: number; y: number }> {
  const point = await app.evaluate(([lon, lat]) => window.__catastroMap!.project([lon, lat]), [longitude, latitude]);
  const box = (await app.getByTestId('map').boundingBox())!;
  return { x: box.x + point.x, y: box.y + point.y };
}

/** The WGS84 point under a page position. */
async function lngLatAt(app: Page, x: number, y: number): Promise<[number, number]> {
  const box = (await app.getByTestId('map').boundingBox())!;
  return app.evaluate(([px, py]) => window.__catastroMap!.unproject([px, py]).toArray() as [number, number], [x - box.x, y - box.y]);
}

async function parcelCentroid(request: import('@playwright/test').APIRequestContext, appUrl: string, ref: string): Promise<[number, number]> {
  const data = (await (await request.get(`${appUrl}/api/catastro/${ref}`)).json()).data;
  return [data.longitud, data.latitud];
}

test('report: the panel button downloads the one-page PDF of the parcel', async ({ app }) => {
  await search(app, SAMPLE_PARCEL.ref);
  await expect(app.getByTestId('parcel-ref')).toHaveText(SAMPLE_PARCEL.ref);
  const [download] = await Promise.all([app.waitForEvent('download'), app.getByTestId('report-pdf').click()]);
  expect(download.suggestedFilename()).toBe(`${SAMPLE_PARCEL.ref}.pdf`);
  const file = (await download.path())!;
  const text = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' ');
  expect(text).toContain(SAMPLE_PARCEL.ref);
  expect(text).toContain('© Dirección General del Catastro');
  expect(text).toMatch(/Scale 1:[\d,]+/);
  expect(spawnSync('pdfinfo', [file], { encoding: 'utf8' }).stdout).toMatch(/Pages:\s+1\n/);
  await screenshot(app, '20-report-button');
});

test('selection: shift-click picks two parcels, they show highlighted and export together as GeoJSON', async ({ app, appUrl, request }) => {
  await centreOn(app, SAMPLE_PARCEL.longitude, SAMPLE_PARCEL.latitude, 17);
  const first = await pagePoint(app, SAMPLE_PARCEL.longitude, SAMPLE_PARCEL.latitude);
  const [nLon, nLat] = await parcelCentroid(request, appUrl, NEIGHBOUR.ref);
  const second = await pagePoint(app, nLon, nLat);
  await app.keyboard.down('Shift');
  await app.mouse.click(first.x, first.y);
  await app.mouse.click(second.x, second.y);
  await app.keyboard.up('Shift');
  await expect(app.getByTestId('picked-count')).toHaveText('2 parcels selected');
  // Shift-click does not identify: the panel stays empty.
  await expect(app.getByTestId('parcel-ref')).toHaveCount(0);
  await mapIdle(app);
  const highlighted = await app.evaluate(
    (at) => window.__catastroMap!.queryRenderedFeatures([at.x, at.y], { layers: ['parcels-picked'] }).length,
    await (async () => {
      const box = (await app.getByTestId('map').boundingBox())!;
      return { x: first.x - box.x, y: first.y - box.y };
    })(),
  );
  expect(highlighted).toBeGreaterThan(0);
  await screenshot(app, '21-selection-shift-click');

  const [download] = await Promise.all([app.waitForEvent('download'), app.getByTestId('export-selection-geojson').click()]);
  const collection = JSON.parse(readFileSync((await download.path())!, 'utf8'));
  expect(collection.features.map((f: { properties: { refCatastral: string } }) => f.properties.refCatastral).sort()).toEqual(
    [SAMPLE_PARCEL.ref, NEIGHBOUR.ref].sort(),
  );
  await app.getByTestId('clear-selection').click();
  await expect(app.getByTestId('selection-bar')).toHaveCount(0);
});

test('selection: a dragged rectangle picks the parcels drawn inside it; GeoPackage export opens in GDAL with them', async ({ app }) => {
  await centreOn(app, SAMPLE_PARCEL.longitude, SAMPLE_PARCEL.latitude, 17);
  const centre = await pagePoint(app, SAMPLE_PARCEL.longitude, SAMPLE_PARCEL.latitude);
  await app.getByTestId('tool-select-rectangle').click();
  await expect(app.getByTestId('tool-hint')).toBeVisible();
  await app.mouse.move(centre.x - 120, centre.y - 80);
  await app.mouse.down();
  await app.mouse.move(centre.x, centre.y, { steps: 5 });
  await app.mouse.move(centre.x + 120, centre.y + 80, { steps: 5 });
  await app.mouse.up();
  const box = (await app.getByTestId('map').boundingBox())!;
  const expected = await app.evaluate(
    (b) => [...new Set(window.__catastroMap!.queryRenderedFeatures(b, { layers: ['parcels-fill'] }).map((f) => f.properties.ref as string))].sort(),
    [
      [centre.x - 120 - box.x, centre.y - 80 - box.y],
      [centre.x + 120 - box.x, centre.y + 80 - box.y],
    ] as [[number, number], [number, number]],
  );
  expect(expected.length).toBeGreaterThan(2);
  await expect(app.getByTestId('picked-count')).toHaveText(`${expected.length} parcels selected`);
  await mapIdle(app);
  await screenshot(app, '22-selection-rectangle');

  const [download] = await Promise.all([app.waitForEvent('download'), app.getByTestId('export-selection-gpkg').click()]);
  const file = (await download.path())!;
  const read = spawnSync('ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', file], { encoding: 'utf8' });
  expect(read.status, read.stderr).toBe(0);
  const refs = JSON.parse(read.stdout)
    .features.map((f: { properties: { refCatastral: string } }) => f.properties.refCatastral)
    .sort();
  expect(refs).toEqual(expected);
  await app.getByTestId('clear-selection').click();
});

test('selection: a drawn polygon picks the parcels it touches', async ({ app }) => {
  await centreOn(app, SAMPLE_PARCEL.longitude, SAMPLE_PARCEL.latitude, 17);
  const c = await pagePoint(app, SAMPLE_PARCEL.longitude, SAMPLE_PARCEL.latitude);
  await app.getByTestId('tool-select-polygon').click();
  await app.mouse.click(c.x - 30, c.y - 30);
  await app.mouse.click(c.x + 30, c.y - 30);
  await app.mouse.click(c.x + 10, c.y + 30);
  await app.mouse.dblclick(c.x - 30, c.y + 20);
  await expect(app.getByTestId('picked-count')).toContainText('selected');
  const count = Number((await app.getByTestId('picked-count').textContent())!.split(' ')[0]);
  expect(count).toBeGreaterThanOrEqual(1);
  // The parcel at the polygon's centre is among them.
  const [download] = await Promise.all([app.waitForEvent('download'), app.getByTestId('export-selection-geojson').click()]);
  const refs = JSON.parse(readFileSync((await download.path())!, 'utf8')).features.map(
    (f: { properties: { refCatastral: string } }) => f.properties.refCatastral,
  );
  expect(refs).toContain(SAMPLE_PARCEL.ref);
  expect(refs).toHaveLength(count);
  await app.getByTestId('clear-selection').click();
});

test('measure: distance and area are geodesic (turf) over the clicked points', async ({ app }) => {
  await centreOn(app, SAMPLE_PARCEL.longitude, SAMPLE_PARCEL.latitude, 17);
  const c = await pagePoint(app, SAMPLE_PARCEL.longitude, SAMPLE_PARCEL.latitude);
  const clicks = [
    { x: c.x - 150, y: c.y - 60 },
    { x: c.x + 100, y: c.y - 40 },
    { x: c.x + 60, y: c.y + 110 },
  ];
  const points = await Promise.all(clicks.map((p) => lngLatAt(app, p.x, p.y)));

  await app.getByTestId('tool-measure-distance').click();
  for (const p of clicks) await app.mouse.click(p.x, p.y);
  const metres = length(lineString(points), { units: 'kilometers' }) * 1000;
  await expect(app.getByTestId('measure-result')).toHaveText(`Distance: ${metres.toLocaleString('en-GB', { maximumFractionDigits: 1 })} m`);
  await screenshot(app, '23-measure-distance');

  await app.getByTestId('tool-measure-area').click();
  for (const p of clicks) await app.mouse.click(p.x, p.y);
  const m2 = area(polygon([[...points, points[0]]]));
  await expect(app.getByTestId('measure-result')).toContainText(`Area: ${m2.toLocaleString('en-GB', { maximumFractionDigits: 1 })} m²`);
  await mapIdle(app);
  await screenshot(app, '24-measure-area');
  await app.getByTestId('tool-measure-area').click();
  await expect(app.getByTestId('measure-result')).toHaveCount(0);
});

test('reading the map: cursor coordinates in decimal and DMS (click copies), references labelled at high zoom, my location', async ({
  app,
  appUrl,
  request,
}) => {
  await app.context().grantPermissions(['clipboard-read', 'clipboard-write', 'geolocation'], { origin: appUrl });
  await centreOn(app, SAMPLE_PARCEL.longitude, SAMPLE_PARCEL.latitude, 18.5);
  const exact = await pagePoint(app, SAMPLE_PARCEL.longitude, SAMPLE_PARCEL.latitude);
  // Mouse events carry whole pixels: ask for the point under the pixel the cursor is on.
  const c = { x: Math.round(exact.x), y: Math.round(exact.y) };
  await app.mouse.move(c.x, c.y);
  const [lon, lat] = await lngLatAt(app, c.x, c.y);
  await expect(app.getByTestId('cursor-decimal')).toHaveText(`${lat.toFixed(6)}, ${lon.toFixed(6)}`);
  await expect(app.getByTestId('cursor-dms')).toContainText(/41° 3′ \d+\.\d\d″ N {2}4° 28′ \d+\.\d\d″ W/);
  // Right-click pins that position (and copies it); the pointer can then reach the readout and copy either form.
  await app.mouse.click(c.x, c.y, { button: 'right' });
  await expect(app.getByTestId('cursor-pinned')).toBeVisible();
  expect(await app.evaluate(() => navigator.clipboard.readText())).toBe(`${lat.toFixed(6)}, ${lon.toFixed(6)}`);
  await app.getByTestId('cursor-dms').click();
  const dms = await app.evaluate(() => navigator.clipboard.readText());
  expect(dms).toMatch(/^41° 3′ \d+\.\d\d″ N {2}4° 28′ \d+\.\d\d″ W$/);
  await app.getByTestId('cursor-decimal').click();
  expect(await app.evaluate(() => navigator.clipboard.readText())).toBe(`${lat.toFixed(6)}, ${lon.toFixed(6)}`);

  // At zoom ≥ 18 the parcels in view carry their references.
  const labels = app.getByTestId('parcel-label');
  await expect(labels.filter({ hasText: SAMPLE_PARCEL.ref })).toHaveCount(1);
  const [nLon, nLat] = await parcelCentroid(request, appUrl, NEIGHBOUR.ref);
  expect(nLon).toBeTruthy();
  await expect(labels.filter({ hasText: NEIGHBOUR.ref })).toHaveCount(1);
  await mapIdle(app);
  await screenshot(app, '25-labels-coordinates');
  await centreOn(app, SAMPLE_PARCEL.longitude, SAMPLE_PARCEL.latitude, 15);
  await expect(labels).toHaveCount(0);

  await app.context().setGeolocation({ latitude: nLat, longitude: nLon, accuracy: 8 });
  await app.getByTestId('tool-locate').click();
  await expect(app.getByTestId('my-location')).toBeVisible();
  await mapIdle(app);
  const centre = await app.evaluate(() => window.__catastroMap!.getCenter().toArray());
  expect(centre[0]).toBeCloseTo(nLon, 5);
  expect(centre[1]).toBeCloseTo(nLat, 5);
});
