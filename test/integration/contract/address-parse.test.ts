import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAddressApp, type AddressApp } from './address-app.js';

/** Endpoint 5 (address parse, Spain) through the fake OVCCallejero built from the real Humanes index. */
describe('contract: address parse (OVCCallejero)', () => {
  let t: AddressApp;
  beforeAll(async () => {
    t = await startAddressApp();
  });
  afterAll(() => t.close());

  const post = (payload: unknown, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/search/address/parse',
      headers: { 'x-api-key': t.key, 'content-type': contentType },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  const found = [
    { direccion: 'Calle Madroño 31, Humanes de Madrid, 28970', ref: '1178303VK3517N', tipoVia: 'CL', nombreVia: 'MADROÑO', numero: 31 },
    { direccion: 'C/Madroño31, 28970 Humanes', ref: '1178303VK3517N', tipoVia: 'CL', nombreVia: 'MADROÑO', numero: 31 },
    { direccion: 'Avda. Fuenlabrada 6, Humanes de Madrid (Madrid)', ref: '0472511VK3507S', tipoVia: 'AV', nombreVia: 'FUENLABRADA', numero: 6 },
    { direccion: 'avenida de la estacion 7, humanes de madrid, 28970', ref: '9363324VK2596S', tipoVia: 'AV', nombreVia: 'ESTACION DE LA', numero: 7 },
    // The spec's recommended `street, number, municipality`: the province is the municipality's (the geocoder's).
    { direccion: 'Calle Madroño 31, Humanes de Madrid', ref: '1178303VK3517N', tipoVia: 'CL', nombreVia: 'MADROÑO', numero: 31 },
  ];

  it.each(found)('$direccion → $ref', async ({ direccion, ref, tipoVia, nombreVia, numero }) => {
    const res = await post({ direccion });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    const expected = ref;
    expect(data).toEqual({
      referenciaCatastral: expected,
      refCat14: expected,
      direccion: `${tipoVia} ${nombreVia} ${numero}, HUMANES DE MADRID (MADRID)`,
      tipoVia,
      nombreVia,
      numero,
      municipio: 'HUMANES DE MADRID',
      provincia: 'MADRID',
    });
    expect(res.json().searchesRemaining).toBeTypeOf('number');
  });

  const refused = [
    { name: 'missing direccion', payload: {}, status: 400, code: 'VALIDATION_ERROR' },
    { name: 'direccion not text', payload: { direccion: 5 }, status: 400, code: 'VALIDATION_ERROR' },
    { name: 'malformed JSON', payload: '{"direccion": "Calle', status: 400, code: 'VALIDATION_ERROR' },
    { name: 'body is an array', payload: ['Calle Madroño 31'], status: 400, code: 'VALIDATION_ERROR' },
    { name: 'no number', payload: { direccion: 'Calle Madroño, Humanes de Madrid, 28970' }, status: 400, code: 'VALIDATION_ERROR' },
    { name: 'no municipality', payload: { direccion: 'Calle Madroño 31' }, status: 400, code: 'VALIDATION_ERROR' },
    {
      name: 'municipality name two provinces hold, neither given',
      payload: { direccion: 'Calle Mayor 5, Arroyomolinos' },
      status: 400,
      code: 'VALIDATION_ERROR',
    },
    { name: 'municipality no province holds, no province given', payload: { direccion: 'Calle Mayor 5, Villanueva de Nada' }, status: 404, code: 'NOT_FOUND' },
    { name: 'municipality of a foral province, no province given', payload: { direccion: 'Calle Gran Vía 1, Bilbao' }, status: 404, code: 'NOT_FOUND' },
    { name: 'number that does not exist', payload: { direccion: 'Calle Madroño 5, Humanes de Madrid, 28970' }, status: 404, code: 'NOT_FOUND' },
    { name: 'street that does not exist', payload: { direccion: 'Calle Inexistente 5, Humanes de Madrid, 28970' }, status: 404, code: 'NOT_FOUND' },
    { name: 'municipality that does not exist', payload: { direccion: 'Calle Madroño 31, Villanueva de Nada, 28970' }, status: 404, code: 'NOT_FOUND' },
    {
      name: 'municipality named like the province but not in it (Madrid ≠ Humanes de Madrid)',
      payload: { direccion: 'Calle Mayor5, Madrid' },
      status: 404,
      code: 'NOT_FOUND',
    },
    { name: 'province that does not exist', payload: { direccion: 'Calle Madroño 31, Humanes (Narnia)' }, status: 404, code: 'NOT_FOUND' },
  ];

  it.each(refused)('$name → $status $code', async ({ payload, status, code }) => {
    const before = t.ledger.peek(t.keyId).used;
    const res = await post(payload);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, code });
    expect(t.ledger.peek(t.keyId).used).toBe(before);
  });

  it("without postcode or province, the municipality's province is asked of the geocoder as a municipality only, and the answer is the one with the postcode", async () => {
    const withPostcode = (await post({ direccion: 'Calle Madroño 31, Humanes de Madrid, 28970' })).json().data;
    const before = t.geocoder.requests.length;
    const res = await post({ direccion: 'Calle Madroño 31, Humanes de Madrid' });
    expect(res.json().data).toEqual(withPostcode);
    const asked = t.geocoder.requests.slice(before).map((url) => new URL(url, 'http://x').searchParams);
    expect(asked).toHaveLength(1);
    expect(asked[0].get('q')).toBe('Humanes de Madrid');
    expect(asked[0].get('no_process')!.split(',').sort()).toEqual(
      [
        'provincia',
        'comunidad autonoma',
        'poblacion',
        'toponimo',
        'expendeduria',
        'punto_recarga_electrica',
        'ngbe',
        'callejero',
        'carretera',
        'portal',
      ].sort(),
    );
  });

  it('a municipality name two provinces hold → 400 naming both, with data.candidates', async () => {
    const res = await post({ direccion: 'Calle Mayor 5, Arroyomolinos' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toMatch(/Arroyomolinos \(Madrid\), Arroyomolinos \(Cáceres\): add the province or the postcode/);
    // Arroyomolinos de la Vera, which the geocoder finds too, is another name.
    expect(body.data).toEqual({
      reason: 'MUNICIPALITY_NAME_AMBIGUOUS',
      name: 'Arroyomolinos',
      total: 2,
      candidates: [
        { code: '28015', name: 'Arroyomolinos', province: 'Madrid' },
        { code: '10023', name: 'Arroyomolinos', province: 'Cáceres' },
      ],
    });
  });

  it('a municipality no province holds → 404 naming it', async () => {
    const res = await post({ direccion: 'Calle Mayor 5, Villanueva de Nada' });
    expect(res.json().error).toBe("Municipality 'Villanueva de Nada' does not exist.");
  });

  it('a municipality the geocoder places in a foral province → 404 pointing to its foral cadastre, without asking the street directory for it', async () => {
    const before = t.callejero.requests.length;
    const res = await post({ direccion: 'Calle Gran Vía 1, Bilbao' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatch(/Bilbao.*Basque Country.*country=PV/);
    expect(t.callejero.requests.slice(before).filter((url) => !url.includes('ConsultaProvincia'))).toEqual([]);
  });

  it.each([
    ['down (503)', { kind: 'status', status: 503 }],
    ['garbage', { kind: 'malformed' }],
    ['too slow (past the 1.5 s timeout)', { kind: 'slow', delayMs: 2000 }],
  ] as const)(
    'the geocoder %s while the province must be found → 503 saying the province or postcode avoids the lookup, quota unchanged',
    async (_, fault) => {
      const before = t.ledger.peek(t.keyId).used;
      t.geocoder.setFault(fault);
      const res = await post({ direccion: 'Calle Madroño 31, Humanes de Madrid' });
      const withPostcode = await post({ direccion: 'Calle Madroño 31, Humanes de Madrid, 28970' });
      t.geocoder.setMode('ok');
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
      expect(res.json().error).toMatch(/Humanes de Madrid.*Add the province or the postcode to skip this lookup/);
      expect(t.ledger.peek(t.keyId).used).toBe(before + 1);
      expect(withPostcode.statusCode).toBe(200);
    },
    15_000,
  );

  it('the street directory down → 503 SERVICE_UNAVAILABLE', async () => {
    t.callejero.setMode('down');
    const res = await post({ direccion: 'Calle Madroño 31, Humanes de Madrid, 28970' });
    t.callejero.setMode('ok');
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('SERVICE_UNAVAILABLE');
  });
});

describe('contract: address parse, the municipality an offline area of the copy', () => {
  let t: AddressApp;
  // The area's code is illustrative (the Catastro's own code of Humanes is not in the fixtures); its name and province decide.
  beforeAll(async () => {
    t = await startAddressApp((copy) => copy.addOfflineArea('28073', 'HUMANES DE MADRID', 'MADRID'));
  });
  afterAll(() => t.close());

  it('tells the province without the geocoder: 200 with the geocoder down, and no request to it', async () => {
    t.geocoder.setMode('down');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search/address/parse',
      headers: { 'x-api-key': t.key, 'content-type': 'application/json' },
      payload: JSON.stringify({ direccion: 'Calle Madroño 31, Humanes de Madrid' }),
    });
    t.geocoder.setMode('ok');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ refCat14: '1178303VK3517N', municipio: 'HUMANES DE MADRID', provincia: 'MADRID' });
    expect(t.geocoder.requests).toEqual([]);
  });
});
