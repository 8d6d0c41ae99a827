import { writeFileSync } from 'node:fs';
import { PMTiles, type Source } from 'pmtiles';
import { fixture } from '../helpers/paths.js';
import { writePmtiles } from '../helpers/pmtiles-writer.js';
import { SAMPLE_PARCEL, expect, mapIdle, screenshot, test } from './support/app.js';

/** The slippy-map tile holding a point at zoom z. */
function tileOf(lon: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return [Math.floor(((lon + 180) / 360) * n), Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n)];
}

const ATTRIBUTION = 'Test archive built from the Segovia sample tiles (Dirección General del Catastro)';

test('offline basemap: a PMTiles file opened from the layer panel draws under the cadastre with its attribution, and is remembered', async ({
  app,
  appUrl,
  request,
}) => {
  // No real .pmtiles test file ships on the npm registry: build one from the app's real vector
  // tiles of the bundled sample (layer "parcels"), zooms 13–15 around the sample parcel.
  const tiles = [];
  for (const z of [13, 14, 15]) {
    const [x, y] = tileOf(SAMPLE_PARCEL.longitude, SAMPLE_PARCEL.latitude, z);
    for (const [dx, dy] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
      [-1, 0],
      [0, -1],
      [-1, -1],
      [1, -1],
      [-1, 1],
    ]) {
      const answer = await request.get(`${appUrl}/api/tiles/parcels/${z}/${x + dx}/${y + dy}.pbf`);
      if (answer.status() === 200) tiles.push({ z, x: x + dx, y: y + dy, data: new Uint8Array(await answer.body()) });
    }
  }
  expect(tiles.length).toBeGreaterThan(5);
  const archive = writePmtiles(tiles, {
    vector_layers: [{ id: 'parcels', fields: { ref: 'String' } }],
    attribution: ATTRIBUTION,
    bounds: [-4.6, 40.95, -4.35, 41.15],
  });
  // In the test's own output folder, which Playwright empties at the start of each run (not left in /tmp).
  const file = test.info().outputPath('segovia-sample.pmtiles');
  writeFileSync(file, archive);
  // The pmtiles library itself reads the archive back (a check of the test writer).
  const bytesSource: Source = {
    getKey: () => 'x',
    getBytes: async (offset, length) => ({ data: archive.buffer.slice(archive.byteOffset + offset, archive.byteOffset + offset + length) as ArrayBuffer }),
  };
  expect((await new PMTiles(bytesSource).getHeader()).numTileEntries).toBe(tiles.length);

  await app.getByTestId('layer-parcels').uncheck();
  await app.getByTestId('basemap-file').setInputFiles(file);
  await expect(app.getByTestId('basemap-shown')).toContainText('segovia-sample.pmtiles (vector, zoom 13–15)');
  await app.evaluate(({ longitude, latitude }) => window.__catastroMap!.jumpTo({ center: [longitude, latitude], zoom: 15 }), SAMPLE_PARCEL);
  await mapIdle(app);
  const drawn = await app.evaluate(() => window.__catastroMap!.queryRenderedFeatures({ layers: ['offline-basemap-parcels-fill'] }).length);
  expect(drawn).toBeGreaterThan(10);
  // Under the cadastre: before the WMS layer in the style's order.
  const order = await app.evaluate(() => window.__catastroMap!.getStyle().layers.map((l) => l.id));
  expect(order.indexOf('offline-basemap-parcels-fill')).toBeLessThan(order.indexOf('catastro-wms'));
  await expect(app.locator('.maplibregl-ctrl-attrib')).toContainText(ATTRIBUTION);
  await screenshot(app, '28-offline-basemap');

  // Remembered: a new start shows it again without asking.
  await app.reload();
  await app.waitForFunction(() => window.__catastroMap?.loaded() === true);
  await expect(app.getByTestId('basemap-shown')).toContainText('segovia-sample.pmtiles');
  await app.getByTestId('basemap-close').click();
  await expect(app.getByTestId('basemap-open')).toBeVisible();
  expect(await app.evaluate(() => !!window.__catastroMap!.getSource('offline-basemap'))).toBe(false);
});

test('offline basemap: a real PMTiles archive of a public project (the PMTiles test fixture, tippecanoe output) opens and draws', async ({ app }) => {
  await app.getByTestId('basemap-file').setInputFiles(fixture('basemap/protomaps-test_fixture_1.pmtiles'));
  await expect(app.getByTestId('basemap-shown')).toContainText('protomaps-test_fixture_1.pmtiles (vector, zoom 0–0)');
  // Its one polygon covers longitude 0–1, latitude 0–1; MapLibre overzooms the zoom-0 tile.
  await app.evaluate(() => window.__catastroMap!.jumpTo({ center: [0.5, 0.5], zoom: 6 }));
  await mapIdle(app);
  const drawn = await app.evaluate(() => window.__catastroMap!.queryRenderedFeatures({ layers: ['offline-basemap-test_fixture_1pmtiles-fill'] }).length);
  expect(drawn).toBeGreaterThan(0);
  // No attribution in its metadata: the file's name stands in for it.
  await expect(app.locator('.maplibregl-ctrl-attrib')).toContainText('protomaps-test_fixture_1.pmtiles');
  await screenshot(app, '28b-offline-basemap-real-archive');
  await app.getByTestId('basemap-close').click();
});
