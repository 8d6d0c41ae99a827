import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApiServer } from '../../../core/api/server.js';
import { CatastroService } from '../../../core/service.js';
import { IpcChannel } from '../../../electron/ipc-channels.js';
import { setupIpc } from '../../../electron/ipc-handlers.js';
import type { LocalApi } from '../../../electron/local-api.js';
import { startFakeCartoCiudad, type FakeCartoCiudad } from '../../fake-upstream/cartociudad.js';
import { startFakeCallejero, type FakeCallejero } from '../../fake-upstream/callejero.js';
import { startFakeCatastro, type FakeCatastro } from '../../fake-upstream/catastro.js';
import { BusyWork } from '../../../core/desktop/busy-work.js';

/**
 * One rule per input: the same values sent over HTTP (fastify, the real server) and over IPC (the
 * real handlers, `electron` replaced by a recorder of ipcMain handlers) to the same facade are
 * accepted or refused alike, with the same status and code. The value ranges live once in
 * core/model/input-schemas.ts; this table would catch a channel or a route that checks its own way.
 */
const electron = vi.hoisted(() => ({ handlers: new Map<string, (event: unknown, ...args: unknown[]) => Promise<unknown>>() }));
vi.mock('electron', () => ({
  app: { getPreferredSystemLanguages: () => [], getLocale: () => 'en' },
  ipcMain: {
    handle: (channel: string, handler: (event: unknown, ...args: unknown[]) => Promise<unknown>) => electron.handlers.set(channel, handler),
    removeHandler: (channel: string) => electron.handlers.delete(channel),
    on: () => undefined,
    removeAllListeners: () => undefined,
  },
  dialog: {},
  BrowserWindow: { fromWebContents: () => null },
}));

const sender = { mainFrame: {}, isDestroyed: () => false, send: () => undefined };

interface Outcome { status: number; code?: string }

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
  setupIpc({ service, localApi: {} as LocalApi, dragIcon: {} as never, busy: new BusyWork(), isAppSender: (s, mainFrame) => mainFrame && s === (sender as never) });
});

afterAll(async () => {
  await app?.close();
  service?.close();
  await Promise.all([catastro?.close(), geocoder?.close(), callejero?.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

async function overHttp(method: 'GET' | 'POST', url: string, payload?: object): Promise<Outcome> {
  const response = await app.inject({ method, url, payload });
  const body = response.statusCode === 204 || response.headers['content-type']?.toString().includes('json') !== true ? {} : response.json();
  return { status: response.statusCode, ...(response.statusCode >= 400 && { code: body.code }) };
}

async function overIpc(channel: string, ...args: unknown[]): Promise<Outcome> {
  const answer = await electron.handlers.get(channel)!({ sender, senderFrame: sender.mainFrame }, ...args) as
    { ok: true } | { ok: false; error: { status: number; code: string } };
  return answer.ok ? { status: 200 } : { status: answer.error.status, code: answer.error.code };
}

const ADDRESS = 'Calle Madroño 31, Humanes de Madrid';
const FINCA = '9398516VK3799G';
const q = encodeURIComponent(ADDRESS);
const ok: Outcome = { status: 200 };
const invalid: Outcome = { status: 400, code: 'VALIDATION_ERROR' };

/** [what, HTTP request, IPC call, expected outcome of both]. */
const TABLE: [string, [method: 'GET' | 'POST', url: string, body?: object], [channel: string, ...args: unknown[]], Outcome][] = [
  ['address limit 0', ['GET', `/api/search/address/candidates?q=${q}&limit=0`], [IpcChannel.addressCandidates, ADDRESS, 0, 'ES'], invalid],
  ['address limit 11', ['GET', `/api/search/address/candidates?q=${q}&limit=11`], [IpcChannel.addressCandidates, ADDRESS, 11, 'ES'], invalid],
  ['address limit 51', ['GET', `/api/search/address/candidates?q=${q}&limit=51`], [IpcChannel.addressCandidates, ADDRESS, 51, 'ES'], invalid],
  ['address limit 2.5', ['GET', `/api/search/address/candidates?q=${q}&limit=2.5`], [IpcChannel.addressCandidates, ADDRESS, 2.5, 'ES'], invalid],
  ['address limit 10', ['GET', `/api/search/address/candidates?q=${q}&limit=10`], [IpcChannel.addressCandidates, ADDRESS, 10, 'ES'], ok],
  ['address q of 2 characters', ['GET', '/api/search/address/candidates?q=ab'], [IpcChannel.addressCandidates, 'ab', 5, 'ES'], invalid],
  ['address in a code that is no country of the spec, before its bad limit', ['GET', `/api/search/address/candidates?q=${q}&limit=11&country=XX`], [IpcChannel.addressCandidates, ADDRESS, 11, 'XX'], { status: 422, code: 'CNV_COVERAGE' }],
  ['address in Sweden (no parcels at urban addresses)', ['GET', `/api/search/address/candidates?q=${q}&country=SE`], [IpcChannel.addressCandidates, ADDRESS, 5, 'SE'], { status: 422, code: 'CNV_COVERAGE' }],
  ['units cursor in lower case', ['GET', `/api/catastro/${FINCA}/units?cursor=${FINCA.toLowerCase()}0001aa`], [IpcChannel.units, FINCA, `${FINCA.toLowerCase()}0001aa`], invalid],
  ['units cursor too short', ['GET', `/api/catastro/${FINCA}/units?cursor=${FINCA}`], [IpcChannel.units, FINCA, FINCA], invalid],
  ['units cursor of another finca', ['GET', `/api/catastro/${FINCA}/units?cursor=7837301VG8173B0001TT`], [IpcChannel.units, FINCA, '7837301VG8173B0001TT'], invalid],
  ['units without a cursor', ['GET', `/api/catastro/${FINCA}/units`], [IpcChannel.units, FINCA, undefined], ok],
  ['overlay box with min above max', ['GET', '/api/overlays/protected-areas?bbox=-4.4,41.0,-4.5,41.1'], [IpcChannel.overlay, 'protected-areas', [-4.4, 41.0, -4.5, 41.1]], invalid],
  ['overlay box of three numbers', ['GET', '/api/overlays/protected-areas?bbox=1,2,3'], [IpcChannel.overlay, 'protected-areas', [1, 2, 3]], invalid],
  ['overlay box beyond the poles', ['GET', '/api/overlays/protected-areas?bbox=-4.5,41.0,-4.4,91'], [IpcChannel.overlay, 'protected-areas', [-4.5, 41.0, -4.4, 91]], invalid],
  ['overlay box in order', ['GET', '/api/overlays/protected-areas?bbox=-4.5,41.0,-4.4,41.1'], [IpcChannel.overlay, 'protected-areas', [-4.5, 41.0, -4.4, 41.1]], ok],
  ['reference with markup', ['GET', `/api/catastro/${encodeURIComponent('<script>')}`], [IpcChannel.parcel, '<script>'], invalid],
  ['reference with a NUL', ['GET', `/api/catastro/${encodeURIComponent('9398516VK3799G\0')}`], [IpcChannel.parcel, '9398516VK3799G\0'], invalid],
  ['reference of 65 characters', ['GET', `/api/catastro/${'A'.repeat(65)}`], [IpcChannel.parcel, 'A'.repeat(65)], invalid],
  ['reference of spaces only', ['GET', '/api/catastro/%20%20'], [IpcChannel.parcel, '  '], invalid],
  ['reference too short for Spain', ['GET', '/api/catastro/ABC'], [IpcChannel.parcel, 'ABC'], invalid],
  ['reference of a finca', ['GET', `/api/catastro/${FINCA}`], [IpcChannel.parcel, FINCA], ok],
  ['rustic parcel of the copy', ['GET', '/api/catastro/rustic?provincia=40&municipio=146&poligono=1&parcela=5'], [IpcChannel.rusticParcel, { provincia: '40', municipio: '146', poligono: 1, parcela: 5 }], ok],
  ['rustic parcel with polígono 1000', ['GET', '/api/catastro/rustic?provincia=40&municipio=146&poligono=1000&parcela=5'], [IpcChannel.rusticParcel, { provincia: '40', municipio: '146', poligono: 1000, parcela: 5 }], invalid],
  ['rustic parcel without a municipality', ['GET', '/api/catastro/rustic?provincia=40&poligono=1&parcela=5'], [IpcChannel.rusticParcel, { provincia: '40', poligono: 1, parcela: 5 }], invalid],
  ['rustic parcel asked with no numbers at all', ['GET', '/api/catastro/rustic'], [IpcChannel.rusticParcel, null], invalid],
  ['rustic parcel by municipality name', ['GET', '/api/catastro/rustic?provincia=Segovia&municipio=melque%20de%20cercos&poligono=1&parcela=5'], [IpcChannel.rusticParcel, { provincia: 'Segovia', municipio: 'melque de cercos', poligono: 1, parcela: 5 }], ok],
  ['rustic parcel by INE code', ['GET', '/api/catastro/rustic?provincia=40&municipio=40125&poligono=1&parcela=5'], [IpcChannel.rusticParcel, { provincia: '40', municipio: '40125', poligono: 1, parcela: 5 }], ok],
  ['rustic parcel by an unknown municipality name', ['GET', '/api/catastro/rustic?provincia=40&municipio=Villanueva%20de%20Nadie&poligono=1&parcela=5'], [IpcChannel.rusticParcel, { provincia: '40', municipio: 'Villanueva de Nadie', poligono: 1, parcela: 5 }], { status: 404, code: 'NOT_FOUND' }],
  ['rustic parcel by a name several municipalities fit', ['GET', '/api/catastro/rustic?provincia=40&municipio=Navas&poligono=1&parcela=5'], [IpcChannel.rusticParcel, { provincia: '40', municipio: 'Navas', poligono: 1, parcela: 5 }], invalid],
  ['rustic parcel of a foral province by name', ['GET', '/api/catastro/rustic?provincia=Navarra&municipio=Pamplona&poligono=6&parcela=1838'], [IpcChannel.rusticParcel, { provincia: 'Navarra', municipio: 'Pamplona', poligono: 6, parcela: 1838 }], { status: 422, code: 'CNV_COVERAGE' }],
  ['rustic parcel of a foral province', ['GET', '/api/catastro/rustic?provincia=31&municipio=201&poligono=6&parcela=1838'], [IpcChannel.rusticParcel, { provincia: 31, municipio: 201, poligono: 6, parcela: 1838 }], { status: 422, code: 'CNV_COVERAGE' }],
  ['point beyond the pole', ['POST', '/api/search/coordinates', { latitude: 91, longitude: -3.7 }], [IpcChannel.parcelAt, 91, -3.7], invalid],
  ['tile beyond zoom 24', ['GET', '/api/tiles/parcels/25/0/0.pbf'], [IpcChannel.parcelTile, 25, 0, 0], invalid],
  ['tile outside its zoom grid', ['GET', '/api/tiles/parcels/2/4/0.pbf'], [IpcChannel.parcelTile, 2, 4, 0], invalid],
];

describe('HTTP and IPC accept and refuse the same inputs with the same code', () => {
  it.each(TABLE)('%s', async (_what, [method, url, body], [channel, ...args], expected) => {
    const [http, ipc] = [await overHttp(method, url, body), await overIpc(channel, ...args)];
    expect(http).toEqual(expected);
    expect(ipc).toEqual(expected);
  });
});
