import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../helpers/api-harness.js';
import { tempDir } from '../../helpers/temp-dir.js';

/** A rustic parcel of the bundled Segovia sample (answered from the copy) and the Madrid finca the fake Catastro serves live. */
const SAMPLE = '40146A00405051';
const LIVE = '9398516VK3799G';

/** What a user hands on about a parcel: its facts under the spec's names; nothing of the API's bookkeeping. */
const USERS_FIELDS = [
  'refCatastral',
  'pais',
  'direccion',
  'codigoPostal',
  'municipio',
  'provincia',
  'latitud',
  'longitud',
  'uso',
  'clase',
  'superficieParcela',
  'superficieConstruida',
  'anioConstruccion',
  'coefParticipacion',
  'participacion',
  'escalera',
  'planta',
  'puerta',
  'dataDate',
  'attribution',
  'mapsUrl',
];
/** The fields the KML driver gives every placemark of its own (name, description, style…). */
const KML_OWN_FIELDS = ['Name', 'description', 'timestamp', 'begin', 'end', 'altitudeMode', 'tessellate', 'extrude', 'visibility', 'drawOrder', 'icon'];

let api: TestApi;
let dir: string;
beforeAll(async () => {
  api = await startTestApi();
  dir = tempDir('catastro-file-fields-');
});
afterAll(async () => {
  await api?.close();
});

/** The attribute names of the file's one layer as GDAL reads them (ogrinfo's summary). */
function fieldsOf(bytes: string, name: string): string[] {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  const summary = execFileSync('ogrinfo', ['-so', '-al', '-ro', file], { encoding: 'utf8' });
  expect(summary).toMatch(/Feature Count: 1\b/);
  return [...summary.matchAll(/^(\S+): (String|Real|Integer|Integer64|Boolean|Date|DateTime)\b/gm)].map((match) => match[1]);
}

describe('a single parcel exported as KML or GeoJSON carries only the fields a user hands on', () => {
  for (const ref of [SAMPLE, LIVE]) {
    it(`KML of ${ref}`, async () => {
      const response = await api.app.inject({ method: 'GET', url: `/api/export/kml?refcat=${ref}` });
      expect(response.statusCode).toBe(200);
      const fields = fieldsOf(response.body, `${ref}.kml`).filter((field) => !KML_OWN_FIELDS.includes(field));
      expect(fields).toContain('refCatastral');
      expect(fields).toContain('attribution');
      expect(fields.filter((field) => !USERS_FIELDS.includes(field))).toEqual([]);
    });

    it(`GeoJSON of ${ref}`, async () => {
      const response = await api.app.inject({ method: 'GET', url: `/api/export/geojson?refcat=${ref}` });
      expect(response.statusCode).toBe(200);
      expect(fieldsOf(response.body, `${ref}.geojson`)).toEqual(USERS_FIELDS);
    });
  }
});
