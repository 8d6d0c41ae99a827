import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAddressApp, type AddressApp } from './address-app.js';

/** Endpoint 5 (address parse, Spain) through the fake OVCCallejero built from the real Humanes index. */
describe('contract: address parse (OVCCallejero)', () => {
  let t: AddressApp;
  beforeAll(async () => { t = await startAddressApp(); });
  afterAll(() => t.close());

  const post = (payload: unknown, contentType = 'application/json') => t.app.inject({
    method: 'POST', url: '/api/search/address/parse',
    headers: { 'x-api-key': t.key, 'content-type': contentType },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

  const found = [
    { direccion: 'Calle Madroño 31, Humanes de Madrid, 28970', ref: '1178303VK3517N', tipoVia: 'CL', nombreVia: 'MADROÑO', numero: 31 },
    { direccion: 'C/Madroño31, 28970 Humanes', ref: '1178303VK3517N', tipoVia: 'CL', nombreVia: 'MADROÑO', numero: 31 },
    { direccion: 'Avda. Fuenlabrada 6, Humanes de Madrid (Madrid)', ref: '0472511VK3507S', tipoVia: 'AV', nombreVia: 'FUENLABRADA', numero: 6 },
    { direccion: 'avenida de la estacion 7, humanes de madrid, 28970', ref: '9363324VK2596S', tipoVia: 'AV', nombreVia: 'ESTACION DE LA', numero: 7 },
  ];

  it.each(found)('$direccion → $ref', async ({ direccion, ref, tipoVia, nombreVia, numero }) => {
    const res = await post({ direccion });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    const expected = ref;
    expect(data).toEqual({
      referenciaCatastral: expected, refCat14: expected,
      direccion: `${tipoVia} ${nombreVia} ${numero}, HUMANES DE MADRID (MADRID)`,
      tipoVia, nombreVia, numero, municipio: 'HUMANES DE MADRID', provincia: 'MADRID',
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
    { name: 'province cannot be told', payload: { direccion: 'Calle Madroño 31, Humanes de Madrid' }, status: 400, code: 'VALIDATION_ERROR' },
    { name: 'number that does not exist', payload: { direccion: 'Calle Madroño 5, Humanes de Madrid, 28970' }, status: 404, code: 'NOT_FOUND' },
    { name: 'street that does not exist', payload: { direccion: 'Calle Inexistente 5, Humanes de Madrid, 28970' }, status: 404, code: 'NOT_FOUND' },
    { name: 'municipality that does not exist', payload: { direccion: 'Calle Madroño 31, Villanueva de Nada, 28970' }, status: 404, code: 'NOT_FOUND' },
    { name: 'municipality named like the province but not in it (Madrid ≠ Humanes de Madrid)', payload: { direccion: 'Calle Mayor5, Madrid' }, status: 404, code: 'NOT_FOUND' },
    { name: 'province that does not exist', payload: { direccion: 'Calle Madroño 31, Humanes (Narnia)' }, status: 404, code: 'NOT_FOUND' },
  ];

  it.each(refused)('$name → $status $code', async ({ payload, status, code }) => {
    const before = t.ledger.peek(t.keyId).used;
    const res = await post(payload);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, code });
    expect(t.ledger.peek(t.keyId).used).toBe(before);
  });

  it('the street directory down → 503 SERVICE_UNAVAILABLE', async () => {
    t.callejero.setMode('down');
    const res = await post({ direccion: 'Calle Madroño 31, Humanes de Madrid, 28970' });
    t.callejero.setMode('ok');
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('SERVICE_UNAVAILABLE');
  });
});
