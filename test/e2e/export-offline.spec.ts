import { gpx, kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { readFileSync } from 'node:fs';
import { SAMPLE_PARCEL, expect, mapIdle, screenshot, search, test } from './support/app.js';

test('KML export downloads a file holding the parcel outline; GPX holds its waypoint', async ({ app, appUrl, request }) => {
  await search(app, SAMPLE_PARCEL.ref);
  await expect(app.getByTestId('parcel-ref')).toHaveText(SAMPLE_PARCEL.ref);
  const outline = (await (await request.get(`${appUrl}/api/catastro/${SAMPLE_PARCEL.ref}`)).json()).data.poligono as number[][];

  const [download] = await Promise.all([app.waitForEvent('download'), app.getByTestId('export-kml').click()]);
  expect(download.suggestedFilename()).toBe(`${SAMPLE_PARCEL.ref}.kml`);
  const document = new DOMParser().parseFromString(readFileSync((await download.path())!, 'utf8'), 'text/xml');
  const features = kml(document as unknown as Document).features;
  const polygon = features.find((f) => f.geometry?.type === 'Polygon');
  expect(polygon, 'a Placemark with a Polygon').toBeTruthy();
  const ring = (polygon!.geometry as GeoJSON.Polygon).coordinates[0].map(([lon, lat]) => [lon, lat]);
  expect(ring.length).toBe(outline.length);
  ring.forEach(([lon, lat], i) => {
    expect(lon).toBeCloseTo(outline[i][0], 6);
    expect(lat).toBeCloseTo(outline[i][1], 6);
  });

  const [gpxDownload] = await Promise.all([app.waitForEvent('download'), app.getByTestId('export-gpx').click()]);
  const gpxDoc = new DOMParser().parseFromString(readFileSync((await gpxDownload.path())!, 'utf8'), 'text/xml');
  const points = gpx(gpxDoc as unknown as Document).features.filter((f) => f.geometry?.type === 'Point');
  expect(points.length).toBeGreaterThan(0);
  const [lon, lat] = (points[0].geometry as GeoJSON.Point).coordinates;
  expect(lat).toBeCloseTo(SAMPLE_PARCEL.latitude, 4);
  expect(lon).toBeCloseTo(SAMPLE_PARCEL.longitude, 4);
  await screenshot(app, '06-export');
});

test('offline: the indicator says so, network layers are off, and clicking still selects parcels', async ({ app, appUrl, request }) => {
  await expect(app.getByTestId('connectivity')).toHaveAttribute('data-state', 'offline');
  const visibility = await app.evaluate(() => ['osm', 'catastro-wms', 'parcels-fill', 'countries-fill']
    .map((id) => window.__catastroMap!.getLayoutProperty(id, 'visibility') ?? 'visible'));
  expect(visibility).toEqual(['none', 'none', 'visible', 'visible']);

  const center = { latitude: 41.0585, longitude: -4.4725 };
  const expected = (await (await request.post(`${appUrl}/api/search/coordinates`, { data: center })).json()).data.refCat14 as string;
  await app.evaluate(({ latitude, longitude }) => window.__catastroMap!.jumpTo({ center: [longitude, latitude], zoom: 16 }), center);
  await mapIdle(app);
  const point = await app.evaluate(({ latitude, longitude }) => window.__catastroMap!.project([longitude, latitude]), center);
  const box = (await app.getByTestId('map').boundingBox())!;
  await app.mouse.click(box.x + point.x, box.y + point.y);
  await expect(app.getByTestId('parcel-ref')).toHaveText(expected);
  await mapIdle(app);
  await screenshot(app, '07-offline-selection');
});

test('an address search offline answers with candidates from the local copy or the spec message and what to do', async ({ app }) => {
  await search(app, 'Calle Mayor 1, Melque de Cercos');
  const candidates = app.getByTestId('candidates');
  const problem = app.getByTestId('search-problem');
  await expect(candidates.or(problem)).toBeVisible();
  if (await problem.isVisible()) {
    await expect(problem.locator('details code')).toContainText(/SERVICE_UNAVAILABLE|NOT_FOUND/);
    await expect(problem.locator('.advice')).not.toBeEmpty();
  }
  await screenshot(app, '08-address-offline');
});

test('/ focuses the search box; one Escape clears it, leaves it and drops the selection (item 8)', async ({ app }) => {
  await search(app, SAMPLE_PARCEL.ref);
  await expect(app.getByTestId('parcel-ref')).toHaveText(SAMPLE_PARCEL.ref);
  await app.getByTestId('search-input').blur();
  await app.keyboard.press('/');
  await expect(app.getByTestId('search-input')).toBeFocused();
  await app.keyboard.press('Escape');
  await expect(app.getByTestId('search-input')).toHaveValue('');
  await expect(app.getByTestId('search-input')).not.toBeFocused();
  await expect(app.getByTestId('parcel-ref')).toHaveCount(0);
  await expect(app.getByTestId('parcel-panel')).toContainText('Identify a parcel');

  // Outside the search box too: one Escape.
  await search(app, SAMPLE_PARCEL.ref);
  await expect(app.getByTestId('parcel-ref')).toHaveText(SAMPLE_PARCEL.ref);
  await app.getByTestId('map').click({ position: { x: 5, y: 300 }, trial: true });
  await app.locator('body').focus();
  await app.getByTestId('search-input').blur();
  await app.keyboard.press('Escape');
  await expect(app.getByTestId('parcel-ref')).toHaveCount(0);
});
