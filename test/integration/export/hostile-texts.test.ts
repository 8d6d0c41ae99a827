import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchState } from '../../../core/model/index.js';
import { startTestApi, type TestApi } from '../../helpers/api-harness.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { embeddedCopy } from '../../helpers/embedded-copy.js';

/** A parcel of the bundled Segovia sample, given hostile texts before anything is written. */
const REF = '000700100UL74F';

/**
 * Texts a copy can hold: C0 controls (a CAT file's address), entity-like text, a CDATA end, a lone
 * surrogate, U+FFFE, quotes, tab, line ends, an emoji. Each starts with a letter, so the CSV
 * writer's formula guard leaves it as it is.
 */
const HOSTILE = {
  direccion: 'Calle\u0001Mayor\u0008 &foo; &#0; &lt; ]]> "dos" \'uno\' 🏠 fin',
  municipio: 'Villa\u000b\u000c\u001f\ud800 \ufffe\uffff a\tb\nc\rd &amp;',
  cell: 'nota \u0002 <b>&nbsp;</b> ]]> \udc00 🌳',
};
/** What XML 1.0 allows of a text: the characters it forbids outright are left out. */
const xmlAllowed = (text: string) => text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');

let api: TestApi;
let dir: string;
/** The parcel's texts as the lookup answers them: what every file must carry. */
let answered: { direccion: string; municipio: string };
beforeAll(async () => {
  api = await startTestApi();
  dir = tempDir('catastro-hostile-texts-');
  const stored = embeddedCopy(api.service).getParcel('ES', REF);
  expect(stored).toBeDefined();
  await embeddedCopy(api.service).upsertParcels([{ ...stored!, direccion: HOSTILE.direccion, municipio: HOSTILE.municipio }]);
  answered = (await api.app.inject({ method: 'GET', url: `/api/catastro/${REF}` })).json().data;
  // The copy keeps the texts (SQLite stores a lone surrogate as three bytes, read back as three U+FFFD).
  expect(answered.direccion).toBe(HOSTILE.direccion);
  expect(answered.municipio).toBe(HOSTILE.municipio.replace('\ud800', '\ufffd\ufffd\ufffd'));
});
afterAll(async () => {
  await api?.close();
});

/** The file as GDAL reads it: it must open (ogrinfo), and its features as GeoJSON (ogr2ogr), layer by layer. */
function readWithGdal(name: string, bytes: Buffer | string, layer?: string): Record<string, unknown>[] {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  const info = spawnSync('ogrinfo', ['-ro', '-al', '-so', file], { encoding: 'utf8' });
  expect(info.status, `${name}: ${info.stderr}`).toBe(0);
  expect(info.stderr, name).not.toMatch(/ERROR/);
  const out = spawnSync('ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', file, ...(layer ? [layer] : [])], { encoding: 'utf8' });
  expect(out.status, `${name}: ${out.stderr}`).toBe(0);
  return (JSON.parse(out.stdout) as { features: { properties: Record<string, unknown> }[] }).features.map((f) => f.properties);
}

const get = (url: string) => api.app.inject({ method: 'GET', url });

describe('every written file opens in GDAL whatever the texts it carries', () => {
  it('single-parcel KML and GPX: well-formed, texts read back as stored minus what XML 1.0 forbids', async () => {
    const kml = await get(`/api/export/kml?refcat=${REF}`);
    expect(kml.statusCode).toBe(200);
    const [placemark] = readWithGdal('parcel.kml', kml.body);
    expect(placemark.direccion).toBe(xmlAllowed(answered.direccion));
    expect(placemark.municipio).toBe(xmlAllowed(answered.municipio));
    expect(placemark.description).toBe(`${xmlAllowed(answered.direccion)} — ${xmlAllowed(answered.municipio)} — © Dirección General del Catastro`);

    const gpx = await get(`/api/export/gpx?refcat=${REF}`);
    expect(gpx.statusCode).toBe(200);
    const [waypoint] = readWithGdal('parcel.gpx', gpx.body, 'waypoints');
    expect(waypoint.name).toBe(REF);
    expect(waypoint.desc).toBe(xmlAllowed(answered.direccion));
  });

  it('single-parcel GeoJSON and GeoPackage: open, and keep the texts as answered', async () => {
    for (const format of ['geojson', 'gpkg'] as const) {
      const response = await get(`/api/export/${format}?refcat=${REF}`);
      expect(response.statusCode).toBe(200);
      const [feature] = readWithGdal(`parcel.${format}`, response.rawPayload);
      expect(feature.direccion, format).toBe(answered.direccion);
      expect(feature.municipio, format).toBe(answered.municipio);
    }
  });

  it('batch results (KML, CSV, GeoPackage, GeoJSON): open, with the hostile input cells and column name', async () => {
    const column = 'nota "x" &y <z>';
    const csv = `refcat,${column}\n${REF},${HOSTILE.cell}\n`;
    const started = await api.app.inject({ method: 'POST', url: '/api/batch', payload: { csv, name: 'hostile.csv' } });
    expect(started.statusCode).toBe(202);
    let state: BatchState | undefined;
    for (let i = 0; i < 200 && state?.state !== 'done'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      state = (await get(`/api/batch/${started.json().data.id}`)).json().data as BatchState;
    }
    expect(state?.state).toBe('done');
    // GDAL's KML and CSV readers launder a field's name (quotes, spaces, & to _): the value is what counts.
    const inputCell = (row: Record<string, unknown>) => Object.entries(row).find(([name]) => name.startsWith('in_nota'))?.[1];
    const result = async (format: string) => {
      const response = await get(`/api/batch/${state!.id}/result.${format}`);
      expect(response.statusCode, format).toBe(200);
      return response.rawPayload;
    };

    const [placemark] = readWithGdal('batch.kml', await result('kml'));
    expect(placemark.Name).toBe(REF);
    expect(placemark.description).toBe(`${xmlAllowed(answered.direccion)} — ${xmlAllowed(answered.municipio)} — © Dirección General del Catastro`);
    // The batch keeps the cell it was sent, a lone surrogate as U+FFFD (as UTF-8 spells it).
    const cell = xmlAllowed(HOSTILE.cell.replace('\udc00', '\ufffd'));
    expect(inputCell(placemark)).toBe(cell);

    for (const format of ['csv', 'gpkg', 'geojson']) {
      const [row] = readWithGdal(`batch.${format}`, await result(format));
      expect(row.direccion, format).toBe(answered.direccion);
      expect(inputCell(row), format).toBe(HOSTILE.cell.replace('\udc00', '\ufffd'));
    }
  });
});
