import { booleanClockwise } from '@turf/turf';
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
  // The outer ring is written counter-clockwise (KML): the same vertices, reversed when the source ring was clockwise.
  expect(booleanClockwise(ring)).toBe(false);
  const expected = booleanClockwise(outline) ? [...outline].reverse() : outline;
  ring.forEach(([lon, lat], i) => {
    expect(lon).toBeCloseTo(expected[i][0], 6);
    expect(lat).toBeCloseTo(expected[i][1], 6);
  });
  // Style (outline + semi-transparent fill), tessellation and every field, as a KML reader sees them (issue 15 item 9).
  expect(polygon!.properties).toMatchObject({
    refCatastral: SAMPLE_PARCEL.ref,
    pais: 'ES',
    fill: expect.stringMatching(/^#[0-9a-f]{6}$/),
    'fill-opacity': expect.any(Number),
    stroke: expect.any(String),
  });
  expect(polygon!.properties!['fill-opacity']).toBeGreaterThan(0);
  expect(polygon!.properties!['fill-opacity']).toBeLessThan(1);
  expect(document.getElementsByTagName('tessellate')[0].textContent).toBe('1');
  // Every fact of the service's answer is in ExtendedData (objects one level deep as `name.key`), the outline being the
  // geometry; the answer's bookkeeping for API clients (availableFields, the dataSource code) is not (issue #40).
  const {
    poligono: _outline,
    availableFields: _flags,
    dataSource: _source,
    ...answer
  } = (await (await request.get(`${appUrl}/api/catastro/${SAMPLE_PARCEL.ref}`)).json()).data as Record<string, unknown>;
  expect(Object.keys(polygon!.properties!).filter((name) => name.startsWith('availableFields') || name === 'dataSource')).toEqual([]);
  const fields = Object.entries(answer)
    .flatMap(([name, value]) =>
      value !== null && typeof value === 'object'
        ? Object.entries(value as Record<string, unknown>).map(([key, inner]) => [`${name}.${key}`, inner] as const)
        : [[name, value] as const],
    )
    .filter(([, value]) => value !== null && value !== undefined && value !== '');
  expect(fields.length).toBeGreaterThan(8);
  for (const [name, value] of fields) expect(String(polygon!.properties![name]), name).toBe(String(value));

  // Rendered: the read-back KML drawn on the map with its own style covers the parcel's centroid.
  await app.evaluate((feature) => {
    const map = window.__catastroMap!;
    map.addSource('kml-check', { type: 'geojson', data: { type: 'FeatureCollection', features: [feature] } });
    map.addLayer({
      id: 'kml-check-fill',
      type: 'fill',
      source: 'kml-check',
      paint: { 'fill-color': feature.properties!.fill, 'fill-opacity': feature.properties!['fill-opacity'] },
    });
    map.addLayer({ id: 'kml-check-line', type: 'line', source: 'kml-check', paint: { 'line-color': feature.properties!.stroke, 'line-width': 2 } });
  }, polygon as GeoJSON.Feature);
  await mapIdle(app);
  const drawn = await app.evaluate(
    ({ longitude, latitude }) =>
      window.__catastroMap!.queryRenderedFeatures(window.__catastroMap!.project([longitude, latitude]), { layers: ['kml-check-fill'] }).length,
    SAMPLE_PARCEL,
  );
  expect(drawn).toBe(1);
  await screenshot(app, '06b-kml-rendered');

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
  const visibility = await app.evaluate(() =>
    ['osm', 'catastro-wms', 'parcels-fill', 'countries-fill'].map((id) => window.__catastroMap!.getLayoutProperty(id, 'visibility') ?? 'visible'),
  );
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
  await search(app, 'Calle Mayor 1, Melque de Cercos', { country: 'ES' });
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
