import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApiServer } from '../../../core/api/server.js';
import { CatastroService } from '../../../core/service.js';
import { PUBLIC_OPERATIONS, httpRequestOf, type InputOf, type PublicOperationName } from '../../../core/model/operations.js';
import { IpcChannel } from '../../../electron/ipc-channels.js';
import { startFakeCartoCiudad, type FakeCartoCiudad } from '../../fake-upstream/cartociudad.js';
import { startFakeCallejero, type FakeCallejero } from '../../fake-upstream/callejero.js';
import { startFakeCatastro, type FakeCatastro } from '../../fake-upstream/catastro.js';
import { setupAppIpc } from '../../helpers/app-ipc.js';
import { fakeWebContents, invokeFrom } from '../../helpers/ipc-recorder.js';

/**
 * One rule per input: the same input of each operation of the table (core/model/operations.ts),
 * sent over HTTP (fastify, the real server, the request built as HttpClient builds it) and over IPC
 * (the real handlers, `electron` replaced by a recorder of ipcMain handlers) to the same facade, is
 * accepted or refused alike, with the same status and code. The value ranges live once in
 * core/model/input-schemas.ts; these cases would catch a channel or a route that checks its own way
 * or drops a field (IPC once took no country for a point, an outline or units).
 */
vi.mock('electron', async () => ({
  app: { getPreferredSystemLanguages: () => [], getLocale: () => 'en' },
  ipcMain: (await import('../../helpers/ipc-recorder.js')).recordingIpcMain,
  dialog: {},
  BrowserWindow: { fromWebContents: () => null },
}));

const sender = fakeWebContents();

interface Outcome {
  status: number;
  code?: string;
}

let dataDir: string;
let catastro: FakeCatastro;
let geocoder: FakeCartoCiudad;
let callejero: FakeCallejero;
let service: CatastroService;
let app: FastifyInstance;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ipc-http-parity-'));
  [catastro, geocoder, callejero] = await Promise.all([startFakeCatastro(), startFakeCartoCiudad(), startFakeCallejero()]);
  service = await CatastroService.open({
    dataDir,
    sources: {
      es: {
        ovcJsonBaseUrl: `${catastro.url}/OVCServWeb/OVCWcfCallejero`,
        wfsCpUrl: `${catastro.url}/INSPIRE/wfsCP.aspx`,
        cartociudadBaseUrl: geocoder.url,
        callejeroBaseUrl: callejero.url,
      },
    },
    upstream: { timeoutMs: 1500, retries: 1, baseDelayMs: 10, breakerHalfOpenAfterMs: 500 },
  });
  app = await buildApiServer({ service, auth: 'off' });
  setupAppIpc(service, sender);
});

afterAll(async () => {
  await app?.close();
  service?.close();
  await Promise.all([catastro?.close(), geocoder?.close(), callejero?.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

/** 2xx over HTTP (200, 202, 204) and an `ok` IPC answer are both "answered". */
async function overHttp(name: PublicOperationName, input: object): Promise<Outcome> {
  const { method, path, body } = httpRequestOf(name, input as Record<string, unknown>);
  const response = await app.inject({ method, url: path, payload: body });
  if (response.statusCode < 300) return ok;
  const json = response.headers['content-type']?.toString().includes('json') === true ? response.json() : {};
  return { status: response.statusCode, code: json.code };
}

async function overIpc(name: PublicOperationName, input: object): Promise<Outcome> {
  const answer = (await invokeFrom(sender, IpcChannel[name], input)) as { ok: true } | { ok: false; error: { status: number; code: string } };
  return answer.ok ? ok : { status: answer.error.status, code: answer.error.code };
}

const ADDRESS = 'Calle Madroño 31, Humanes de Madrid';
const FINCA = '9398516VK3799G';
const NO_BATCH = '00000000-0000-4000-8000-000000000000';
const ok: Outcome = { status: 200 };
const invalid: Outcome = { status: 400, code: 'VALIDATION_ERROR' };
const notFound: Outcome = { status: 404, code: 'NOT_FOUND' };
const uncovered: Outcome = { status: 422, code: 'CNV_COVERAGE' };

/**
 * Inputs of every public operation of the table, each with the outcome both transports must give:
 * the type requires an entry per operation, so a new operation cannot be left out.
 */
type Cases = { [K in PublicOperationName]: [what: string, input: Partial<Record<keyof InputOf<K>, unknown>>, expected: Outcome][] };
const CASES: Cases = {
  parcel: [
    ['reference with markup', { refcat: '<script>' }, invalid],
    ['reference with a NUL', { refcat: '9398516VK3799G\0' }, invalid],
    ['reference of 65 characters', { refcat: 'A'.repeat(65) }, invalid],
    ['reference of spaces only', { refcat: '  ' }, invalid],
    ['reference too short for Spain', { refcat: 'ABC' }, invalid],
    ['reference of a finca', { refcat: FINCA }, ok],
    ['Spanish finca named as French', { refcat: FINCA, country: 'FR' }, invalid],
  ],
  rusticParcel: [
    ['of the copy', { provincia: '40', municipio: '146', poligono: 1, parcela: 5 }, ok],
    ['with polígono 1000', { provincia: '40', municipio: '146', poligono: 1000, parcela: 5 }, invalid],
    ['without a municipality', { provincia: '40', poligono: 1, parcela: 5 }, invalid],
    ['asked with no numbers at all', {}, invalid],
    ['by municipality name', { provincia: 'Segovia', municipio: 'melque de cercos', poligono: 1, parcela: 5 }, ok],
    ['by INE code', { provincia: '40', municipio: '40125', poligono: 1, parcela: 5 }, ok],
    ['by an unknown municipality name', { provincia: '40', municipio: 'Villanueva de Nadie', poligono: 1, parcela: 5 }, notFound],
    ['by a name several municipalities fit', { provincia: '40', municipio: 'Navas', poligono: 1, parcela: 5 }, invalid],
    ['of a foral province by name', { provincia: 'Navarra', municipio: 'Pamplona', poligono: 6, parcela: 1838 }, uncovered],
    ['of a foral province', { provincia: 31, municipio: 201, poligono: 6, parcela: 1838 }, uncovered],
  ],
  units: [
    ['cursor in lower case', { refcat: FINCA, cursor: `${FINCA.toLowerCase()}0001aa` }, invalid],
    ['cursor too short', { refcat: FINCA, cursor: FINCA }, invalid],
    ['cursor of another finca', { refcat: FINCA, cursor: '7837301VG8173B0001TT' }, invalid],
    ['without a cursor', { refcat: FINCA }, ok],
    ['of a finca named as French (France has no units)', { refcat: FINCA, country: 'FR' }, uncovered],
  ],
  parcelAt: [
    ['beyond the pole', { latitude: 91, longitude: -3.7 }, invalid],
    ['in Spain, named as French', { latitude: 40.2, longitude: -3.8, country: 'FR' }, invalid],
  ],
  parcelAtPoint: [
    ['beyond the pole', { latitude: 91, longitude: -3.7 }, invalid],
    ['in Spain, named as French', { latitude: 40.2, longitude: -3.8, country: 'FR' }, invalid],
    ['with the latitude as text', { latitude: 'forty', longitude: -3.7 }, invalid],
  ],
  polygon: [
    ['of a finca', { refcat: FINCA }, ok],
    ['with markup', { refcat: '<b>' }, invalid],
    ['of a finca named as French', { refcat: FINCA, country: 'FR' }, invalid],
  ],
  addressCandidates: [
    ['limit 0', { q: ADDRESS, limit: 0, country: 'ES' }, invalid],
    ['limit 11', { q: ADDRESS, limit: 11, country: 'ES' }, invalid],
    ['limit 51', { q: ADDRESS, limit: 51, country: 'ES' }, invalid],
    ['limit 2.5', { q: ADDRESS, limit: 2.5, country: 'ES' }, invalid],
    ['limit 10', { q: ADDRESS, limit: 10, country: 'ES' }, ok],
    ['q of 2 characters', { q: 'ab' }, invalid],
    ['in a code that is no country of the spec, before its bad limit', { q: ADDRESS, limit: 11, country: 'XX' }, uncovered],
    ['in Sweden (no parcels at urban addresses)', { q: ADDRESS, country: 'SE' }, uncovered],
  ],
  addressParse: [['without an address', {}, invalid]],
  exportFile: [
    ['KML of a finca', { refcat: FINCA, format: 'kml' }, ok],
    ['GPX of a reference with markup', { refcat: '<b>', format: 'gpx' }, invalid],
  ],
  exportSelection: [
    ['GeoJSON without references', { refcat: '', format: 'geojson' }, invalid],
    ['GeoPackage of a reference with markup', { refcat: `${FINCA},<b>`, format: 'gpkg' }, invalid],
  ],
  report: [['of a reference with markup', { refcat: '<b>' }, invalid]],
  batchPreview: [['of a CSV of references', { csv: `referencia\n${FINCA}\n` }, ok]],
  batchStart: [['with columns no CSV has', { csv: `referencia\n${FINCA}\n`, name: 'fincas.csv', columns: { reference: 'nope' } }, invalid]],
  batchList: [['of this caller', {}, ok]],
  batchState: [['of no batch', { id: NO_BATCH }, notFound]],
  batchResume: [['of no batch', { id: NO_BATCH }, notFound]],
  batchCancel: [['of no batch', { id: NO_BATCH }, notFound]],
  batchResult: [['of no batch', { id: NO_BATCH, format: 'csv' }, notFound]],
  status: [['of the service', {}, ok]],
  extents: [['of the copy', {}, ok]],
  copyBuilding: [['of a reference with markup', { refcat: '<b>' }, invalid]],
  analysis: [
    ['terrain of a reference with markup', { kind: 'terrain', refcat: '<b>' }, invalid],
    ['solar of a finca named as French', { kind: 'solar', refcat: FINCA, country: 'FR' }, invalid],
  ],
  overlay: [
    ['box with min above max', { kind: 'protected-areas', bbox: [-4.4, 41.0, -4.5, 41.1] }, invalid],
    ['box of three numbers', { kind: 'protected-areas', bbox: [1, 2, 3] }, invalid],
    ['box beyond the poles', { kind: 'protected-areas', bbox: [-4.5, 41.0, -4.4, 91] }, invalid],
    ['box in order', { kind: 'protected-areas', bbox: [-4.5, 41.0, -4.4, 41.1] }, ok],
  ],
  parcelTile: [
    ['beyond zoom 24', { z: 25, x: 0, y: 0 }, invalid],
    ['outside its zoom grid', { z: 2, x: 4, y: 0 }, invalid],
    ['of the whole world', { z: 0, x: 0, y: 0 }, ok],
  ],
};

const ROWS = (Object.keys(PUBLIC_OPERATIONS) as PublicOperationName[]).flatMap((name) =>
  CASES[name].map(([what, input, expected]) => [`${name}: ${what}`, name, input, expected] as const),
);

describe('HTTP and IPC accept and refuse the same inputs with the same code, for every operation of the table', () => {
  it('has inputs for every operation', () => {
    expect((Object.keys(PUBLIC_OPERATIONS) as PublicOperationName[]).filter((name) => CASES[name].length === 0)).toEqual([]);
  });

  it.each(ROWS)('%s', async (_what, name, input, expected) => {
    const [http, ipc] = [await overHttp(name, input), await overIpc(name, input)];
    expect(http).toEqual(expected);
    expect(ipc).toEqual(expected);
  });
});
