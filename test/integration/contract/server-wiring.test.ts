import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiServer } from '../../../core/api/server.js';
import { runKeysCommand } from '../../../cli/keys-command.js';
import { CatastroService } from '../../../core/service.js';
import type { StoredParcel } from '../../../core/model/records.js';
import { startFakeCallejero, type FakeCallejero } from '../../fake-upstream/callejero.js';
import { startFakeCartoCiudad, type FakeCartoCiudad, type HumanesPortal } from '../../fake-upstream/cartociudad.js';
import { embeddedCopy } from '../../helpers/embedded-copy.js';
import { boxAround } from '../../helpers/box-around.js';

/**
 * The whole contract through the lead's server: CatastroService with a real ParcelStore,
 * buildApiServer with auth on, keys made by the `keys` command in the same data folder while
 * the server runs, the address endpoints on the fakes fed by the real Humanes index.
 */
describe('contract: the real server (buildApiServer + CatastroService + ParcelStore)', () => {
  let dataDir: string;
  let service: CatastroService;
  let app: FastifyInstance;
  let geocoder: FakeCartoCiudad;
  let callejero: FakeCallejero;
  let portal: HumanesPortal;
  let key: string;
  let keyId: string;

  const keys = async (...args: string[]) => {
    const out: string[] = [];
    const code = await runKeysCommand(args, { dataDir, io: { out: (l) => out.push(l), err: (l) => out.push(l) } });
    return { code, out: out.join('\n') };
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'catastro-wiring-'));
    geocoder = await startFakeCartoCiudad();
    callejero = await startFakeCallejero();
    service = await CatastroService.open({
      dataDir,
      importSample: false,
      sources: { es: { cartociudadBaseUrl: geocoder.url, callejeroBaseUrl: callejero.url } },
      upstream: { timeoutMs: 1500, retries: 1, baseDelayMs: 5, breakerHalfOpenAfterMs: 200 },
    });
    // A real Humanes portal as a parcel of the copy, its address written the Catastro way.
    portal = geocoder.portals.find((p) => p.street === 'MADROÑO' && p.numero === 31)!;
    const d = 0.0001;
    const parcel: StoredParcel = {
      ref: portal.ref!,
      country: 'ES',
      geometry: boxAround(portal.lng, portal.lat, d),
      centroid: [portal.lng, portal.lat],
      areaM2: 180,
      municipio: 'HUMANES DE MADRID',
      provincia: 'MADRID',
      direccion: 'CL MADROÑO 31 HUMANES DE MADRID (MADRID)',
      codigoPostal: '28970',
      uso: 'Residencial',
      anioConstruccion: 2001,
      declaredDwellings: 1,
      source: 'live',
      dataDate: '2026-11-01',
    };
    embeddedCopy(service).upsertParcels([parcel]);
    app = await buildApiServer({ service, auth: 'keys' });
    await app.ready();

    const created = await keys('create', '--tier', 'free', '--label', 'wiring test');
    expect(created.code).toBe(0);
    key = /key:\s+(\S+)/.exec(created.out)![1];
    keyId = /id:\s+(\S+)/.exec(created.out)![1];
  });

  afterAll(async () => {
    await app?.close();
    service?.close();
    await geocoder?.close();
    await callejero?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const candidates = (q: string, headers: Record<string, string> = {}) =>
    app.inject({ url: `/api/search/address/candidates?q=${encodeURIComponent(q)}`, headers: { 'x-api-key': key, ...headers } });

  it('address candidates: the index reference, copy facts from the store, quota and version headers, searchesRemaining', async () => {
    const res = await candidates('Calle Madroño 31, Humanes de Madrid');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.candidatos[0]).toMatchObject({
      refCatastral: '1178303VK3517N',
      enCopia: true,
      uso: 'Residencial',
      anioConstruccion: 2001,
      viviendas: 1,
      direccionCatastro: 'CL MADROÑO 31 HUMANES DE MADRID (MADRID)',
      coincideNumero: true,
      coincideMunicipio: true,
    });
    expect(body.searchesRemaining).toBe(99);
    expect(res.headers).toMatchObject({ 'x-quota-tier': 'free', 'x-quota-limit': '100', 'x-quota-remaining': '99', 'x-api-version': '2026-10-01' });
    expect(res.headers.etag).toBeDefined();

    const again = await candidates('Calle Madroño 31, Humanes de Madrid', { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.headers['x-quota-remaining']).toBe('99');
  });

  it('address parse resolves through the street directory', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/search/address/parse',
      headers: { 'x-api-key': key },
      payload: { direccion: 'C/Madroño31, 28970 Humanes' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ refCat14: '1178303VK3517N', tipoVia: 'CL', numero: 31, municipio: 'HUMANES DE MADRID' });
  });

  it('geocoder down: the candidate comes from the store parcels table', async () => {
    geocoder.setMode('down');
    try {
      const res = await candidates('Calle Madroño 31, Humanes de Madrid');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.candidatos[0]).toMatchObject({ refCatastral: '1178303VK3517N', enCopia: true, coincideNumero: true });
      expect(res.json().data.attribution).toBe('Dirección General del Catastro');
    } finally {
      geocoder.setMode('ok');
    }
  });

  it('open paths need no key; metered ones do; units need an organisation key', async () => {
    expect((await app.inject({ url: '/api/status' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/openapi.json' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/catastro/1178303VK3517N' })).json().code).toBe('UNAUTHORIZED');
    const units = await app.inject({ url: '/api/catastro/1178303VK3517N/units', headers: { 'x-api-key': key } });
    expect(units.statusCode).toBe(401);
  });

  it('every kind of answer carries X-API-Version: 200, 304, 400, 401, 503 (source down), an unknown endpoint', async () => {
    const first = await candidates('Calle Madroño 31, Humanes de Madrid');
    const answers = [
      first,
      await candidates('Calle Madroño 31, Humanes de Madrid', { 'if-none-match': first.headers.etag as string }),
      await app.inject({ url: '/api/catastro/NOT-A-REF', headers: { 'x-api-key': key } }),
      await app.inject({ url: '/api/catastro/1178303VK3517N', headers: { 'x-api-key': key, 'x-api-version': '1999-01-01' } }),
      await app.inject({ url: '/api/catastro/1178303VK3517N' }),
      await app.inject({ url: '/api/catastro/9999999VK9999N', headers: { 'x-api-key': key } }),
      await app.inject({ url: '/api/no-such-endpoint', headers: { 'x-api-key': key } }),
      await app.inject({ url: '/api/status' }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 304, 400, 400, 401, 503, 404, 200]);
    for (const res of answers) expect(res.headers['x-api-version']).toBe('2026-10-01');
  });

  it('a key revoked with the CLI while the server runs answers 401 at once', async () => {
    expect((await keys('revoke', keyId)).code).toBe(0);
    const res = await candidates('Calle Madroño 31, Humanes de Madrid');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });
});
