import { CountryRegistry } from '../../../core/countries/registry.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HumanesPortal } from '../../fake-upstream/cartociudad.js';
import { expectSpecCandidates } from '../../helpers/spec-fields.js';
import { startAddressApp, type AddressApp } from './address-app.js';

/**
 * Endpoint 1 (address candidates, Spain) against the fake geocoder fed by the real CartoCiudad
 * portal index of Humanes de Madrid: the references must be the index's own.
 */
const ENDPOINT = '/api/search/address/candidates';
const TYPE_WORDS: Record<string, string> = { CALLE: 'Calle', AVENIDA: 'Avenida', CAMINO: 'Camino', PLAZA: 'Plaza', TRAVESIA: 'Travesía' };

/** Portals whose street and number identify exactly one reference (so the expected answer is unambiguous). */
function uniquePortals(portals: HumanesPortal[]): HumanesPortal[] {
  const counts = new Map<string, number>();
  const key = (p: HumanesPortal) => `${p.tipoVia}|${p.street}|${p.numero}`;
  for (const p of portals) counts.set(key(p), (counts.get(key(p)) ?? 0) + 1);
  return portals.filter((p) => p.ref && p.numero !== null && !p.extension && counts.get(key(p)) === 1);
}

describe('contract: address candidates (Spain, CartoCiudad)', () => {
  let t: AddressApp;
  let sample: HumanesPortal[];
  let inCopy: HumanesPortal;
  let withFinca: HumanesPortal;

  beforeAll(async () => {
    t = await startAddressApp((copy, portals) => {
      inCopy = uniquePortals(portals).find((p) => p.street === 'FUENSALIDA')!;
      copy.add(inCopy, { uso: 'Residencial', declaredDwellings: 24, anioConstruccion: 1987 });
      // A parcel from the INSPIRE import (no address, no use) whose finca came with its units.
      withFinca = uniquePortals(portals).find((p) => p.street === 'ROMA')!;
      copy.add(withFinca, { direccion: undefined, uso: undefined, source: 'inspire' });
      copy.addFinca({
        ref: withFinca.ref!,
        direccion: `CL ROMA ${withFinca.numero}`,
        codigoPostal: '28970',
        municipio: 'HUMANES DE MADRID',
        provincia: 'MADRID',
        usoGeneral: 'Industrial',
        superficieTotal: 900,
        anioConstruccion: 2004,
        declaredUnits: 3,
        source: 'live',
        dataDate: '2026-11-01',
      });
    });
    const unique = uniquePortals(t.geocoder.portals);
    sample = unique.filter((_, i) => i % 40 === 0); // ~25 addresses spread over the index
  });
  afterAll(() => t.close());

  const get = (query: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({ url: `${ENDPOINT}?${new URLSearchParams(query)}`, headers: { 'x-api-key': t.key, ...headers } });

  it('finds real Humanes addresses with the index reference first, number and municipality matched', async () => {
    expect(sample.length).toBeGreaterThanOrEqual(20);
    for (const portal of sample) {
      const q = `${TYPE_WORDS[portal.tipoVia]} ${portal.street} ${portal.numero}, Humanes de Madrid`;
      const res = await get({ q });
      expect(res.statusCode, q).toBe(200);
      expectSpecCandidates(q, res.json().data);
      const [first] = res.json().data.candidatos;
      expect(first, q).toMatchObject({
        refCatastral: portal.ref,
        pais: 'ES',
        numero: portal.numero,
        codigoPostal: '28970',
        municipio: 'Humanes de Madrid',
        coincideNumero: true,
        coincideMunicipio: true,
      });
      expect(first.confianza, q).toBeGreaterThanOrEqual(0.75);
      expect(first.latitud).toBeCloseTo(portal.lat, 6);
      expect(first.longitud).toBeCloseTo(portal.lng, 6);
    }
  });

  it('reads street-type abbreviations, an attached number and a postcode beside the municipality', async () => {
    const res = await get({ q: 'Avda. Fuenlabrada6, 28970 Humanes' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.consulta).toEqual({ texto: 'Avda. Fuenlabrada6, 28970 Humanes', calle: 'AVENIDA Fuenlabrada', numero: 6, municipio: 'Humanes' });
    expect(body.data.candidatos[0]).toMatchObject({ refCatastral: '0472511VK3507S', coincideNumero: true, coincideMunicipio: true });
    expect(body.data.attribution).toContain('Dirección General del Catastro');
    // The geocoder answered: no dataSource (only answers of the copy say local_clone).
    expect(body.data.dataSource).toBeUndefined();
  });

  it('number and municipality parameters override q', async () => {
    const res = await get({ q: 'Avenida Fuenlabrada 1, Getafe', number: '6', municipality: 'Humanes de Madrid' });
    expect(res.json().data.consulta).toMatchObject({ numero: 6, municipio: 'Humanes de Madrid' });
    expect(res.json().data.candidatos[0]).toMatchObject({ refCatastral: '0472511VK3507S', confianza: 1 });
  });

  it('a number the street does not have gives the nearest portals with coincideNumero false and confianza below 0.75', async () => {
    const res = await get({ q: 'Calle Madroño 999, Humanes de Madrid' });
    expect(res.statusCode).toBe(200);
    const candidates = res.json().data.candidatos;
    expect(candidates.length).toBeGreaterThan(0);
    for (const c of candidates) {
      expect(c.coincideNumero).toBe(false);
      expect(c.confianza).toBeLessThan(0.75);
      expect(c.direccion).toMatch(/MADROÑO/);
    }
    expect(candidates[0].numero).toBe(61); // highest number on Calle Madroño in the index
  });

  it('a street without number returns portals of that street, coincideNumero false', async () => {
    const res = await get({ q: 'Calle Madroño, Humanes de Madrid', limit: '3' });
    expect(res.statusCode).toBe(200);
    const candidates = res.json().data.candidatos;
    expect(candidates.length).toBeGreaterThanOrEqual(1);
    expect(candidates.length).toBeLessThanOrEqual(3);
    const refs = new Set(t.geocoder.portals.filter((p) => p.street === 'MADROÑO').map((p) => p.ref));
    for (const c of candidates) {
      expect(refs.has(c.refCatastral)).toBe(true);
      expect(c.coincideNumero).toBe(false);
    }
  });

  it('marks candidates in the local copy and adds the copy use, dwellings and year', async () => {
    const res = await get({ q: `Calle Fuensalida ${inCopy.numero}, Humanes de Madrid` });
    expect(res.json().data.candidatos[0]).toMatchObject({
      refCatastral: inCopy.ref,
      enCopia: true,
      uso: 'Residencial',
      viviendas: 24,
      anioConstruccion: 1987,
      direccionCatastro: `CL FUENSALIDA ${inCopy.numero} HUMANES DE MADRID (MADRID)`,
    });
    const other = await get({ q: 'Avenida Fuenlabrada 6, Humanes de Madrid' });
    expect(other.json().data.candidatos[0].enCopia).toBe(false);
    expect(other.json().data.candidatos[0].uso).toBeUndefined();
  });

  it('takes the finca address, use and year when the parcel row has none', async () => {
    const res = await get({ q: `Calle Roma ${withFinca.numero}, Humanes de Madrid` });
    expect(res.json().data.candidatos[0]).toMatchObject({
      refCatastral: withFinca.ref,
      enCopia: true,
      uso: 'Industrial',
      anioConstruccion: 2004,
      direccionCatastro: `CL ROMA ${withFinca.numero}`,
    });
  });

  it('limit caps the list (default 5) and candidates come best first', async () => {
    const res = await get({ q: 'Calle Madroño 40, Humanes de Madrid', limit: '1' });
    expect(res.json().data.candidatos).toHaveLength(1);
    const all = (await get({ q: 'Calle Cenicientos 999, Humanes de Madrid' })).json().data.candidatos;
    expect(all.length).toBeLessThanOrEqual(5);
    const scores = all.map((c: { confianza: number }) => c.confianza);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('nothing found → 404 NOT_FOUND, free', async () => {
    const before = t.ledger.peek(t.keyId).used;
    const res = await get({ q: 'Calle Inexistente 5, Humanes de Madrid' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect(t.ledger.peek(t.keyId).used).toBe(before);
  });

  it('a repeat with If-None-Match answers 304 and costs nothing', async () => {
    const first = await get({ q: 'Avenida Fuenlabrada 6, Humanes de Madrid' });
    const used = t.ledger.peek(t.keyId).used;
    const again = await get({ q: 'Avenida Fuenlabrada 6, Humanes de Madrid' }, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(t.ledger.peek(t.keyId).used).toBe(used);
  });

  const invalid: Array<{ name: string; query: Record<string, string>; status: number; code: string }> = [
    { name: 'q missing and no street', query: {}, status: 400, code: 'VALIDATION_ERROR' },
    { name: 'q of 2 characters', query: { q: 'ab' }, status: 400, code: 'VALIDATION_ERROR' },
    { name: 'q of 201 characters', query: { q: 'a'.repeat(201) }, status: 400, code: 'VALIDATION_ERROR' },
    { name: 'number 0', query: { q: 'Calle Madroño 3', number: '0' }, status: 400, code: 'VALIDATION_ERROR' },
    { name: 'number not an integer', query: { q: 'Calle Madroño 3', number: '3.5' }, status: 400, code: 'VALIDATION_ERROR' },
    { name: 'limit 0', query: { q: 'Calle Madroño 3', limit: '0' }, status: 400, code: 'VALIDATION_ERROR' },
    { name: 'limit 11', query: { q: 'Calle Madroño 3', limit: '11' }, status: 400, code: 'VALIDATION_ERROR' },
    { name: 'ES postcode of four digits', query: { q: 'Calle Madroño 3', postcode: '2897' }, status: 400, code: 'VALIDATION_ERROR' },
    { name: 'Dutch postcode under ES', query: { q: 'Calle Madroño 3', postcode: '1012 AB' }, status: 400, code: 'VALIDATION_ERROR' },
    { name: 'country not two letters', query: { q: 'Calle Madroño 3', country: 'ESP' }, status: 400, code: 'VALIDATION_ERROR' },
    { name: 'country SE', query: { q: 'Storgatan 1, Stockholm', country: 'SE' }, status: 422, code: 'CNV_COVERAGE' },
    { name: 'country HR', query: { q: 'Ilica 1, Zagreb', country: 'HR' }, status: 422, code: 'CNV_COVERAGE' },
    { name: 'uncovered country HU', query: { q: 'Andrássy út 1, Budapest', country: 'HU' }, status: 422, code: 'CNV_COVERAGE' },
    { name: 'PV (searched with country=ES per the coverage table)', query: { q: 'Gran Via 1, Bilbao', country: 'PV' }, status: 422, code: 'CNV_COVERAGE' },
    {
      name: 'SE (agricultural blocks: no parcels at urban addresses)',
      query: { q: 'Drottninggatan 1, Stockholm', country: 'SE' },
      status: 422,
      code: 'CNV_COVERAGE',
    },
    {
      name: 'CY with a bad postcode is still a 400 first',
      query: { q: 'Makariou 1, Nicosia', country: 'CY', postcode: '10100' },
      status: 400,
      code: 'VALIDATION_ERROR',
    },
  ];

  it.each(invalid)('$name → $status $code', async ({ query, status, code }) => {
    const before = t.ledger.peek(t.keyId).used;
    const res = await get(query);
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(body).toMatchObject({ success: false, code });
    // The countries whose adapters search by address in this installation (their coverage rows).
    if (status === 422) expect(body.data.supportedCountries).toEqual(CountryRegistry.create().covering('byAddress'));
    expect(t.ledger.peek(t.keyId).used).toBe(before);
  });

  it.each([
    ['PV', 'Basque Country'],
    ['NA', 'Navarre'],
  ])('country=%s answers 422 telling to search %s addresses with country=ES', async (country, name) => {
    const res = await get({ q: 'Calle Mayor 1, Pamplona', country });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe(
      `Address search does not cover ${country} as a country code: ${name} addresses are searched with country=ES (their candidates carry pais ${country}).`,
    );
  });

  it('street alone (structured address) works without q', async () => {
    const res = await get({ street: 'Avenida Fuenlabrada', number: '6', municipality: 'Humanes de Madrid' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.candidatos[0].refCatastral).toBe('0472511VK3507S');
  });
});

describe('contract: address candidates when the geocoder is down', () => {
  let t: AddressApp;
  let stored: HumanesPortal[];
  beforeAll(async () => {
    t = await startAddressApp((copy, portals) => {
      // Portals whose reference is theirs alone (several portals of a block share one reference).
      const refCount = new Map<string, number>();
      for (const p of portals) if (p.ref) refCount.set(p.ref, (refCount.get(p.ref) ?? 0) + 1);
      stored = uniquePortals(portals)
        .filter((p) => p.street === 'MADROÑO' && refCount.get(p.ref!) === 1)
        .slice(0, 4);
      for (const p of stored) copy.add(p, { uso: 'Residencial' });
    });
  });
  afterAll(() => t.close());

  it.each(['down', 'garbage'] as const)('geocoder %s: answers from the local copy stored addresses', async (mode) => {
    t.geocoder.setMode(mode);
    const target = stored[2];
    const res = await t.app.inject({
      url: `${ENDPOINT}?q=${encodeURIComponent(`Calle Madroño ${target.numero}, Humanes de Madrid`)}`,
      headers: { 'x-api-key': t.key },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.candidatos[0]).toMatchObject({ refCatastral: target.ref, enCopia: true, coincideNumero: true, coincideMunicipio: true, numero: target.numero });
    expect(data.candidatos.map((c: { refCatastral: string }) => c.refCatastral).sort()).toEqual(stored.map((p) => p.ref).sort());
    expect(data.attribution).toBe('Dirección General del Catastro');
    expect(data.dataSource).toBe('local_clone');
  });

  it('geocoder down: a parcel whose address is only on its finca is found too', async () => {
    t.geocoder.setMode('down');
    const portal = t.geocoder.portals.find((p) => p.street === 'SIDNEY' && p.ref && p.numero !== null)!;
    t.copy.add(portal, { direccion: undefined });
    t.copy.addFinca({
      ref: portal.ref!,
      direccion: `CL SIDNEY ${portal.numero}`,
      codigoPostal: '28970',
      municipio: 'HUMANES DE MADRID',
      provincia: 'MADRID',
      usoGeneral: 'Residencial',
      superficieTotal: 100,
      anioConstruccion: 1999,
      declaredUnits: 1,
      source: 'live',
      dataDate: '2026-11-01',
    });
    const res = await t.app.inject({ url: `${ENDPOINT}?q=${encodeURIComponent(`Calle Sidney ${portal.numero}, 28970`)}`, headers: { 'x-api-key': t.key } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.candidatos[0]).toMatchObject({
      refCatastral: portal.ref,
      numero: portal.numero,
      coincideNumero: true,
      coincideMunicipio: true,
      enCopia: true,
    });
  });

  it('stored portals are real: four distinct Madroño references', () => {
    expect(new Set(stored.map((p) => p.ref)).size).toBe(4);
  });

  it('geocoder down and the street not in the copy → 503 SERVICE_UNAVAILABLE, free', async () => {
    t.geocoder.setMode('down');
    const before = t.ledger.peek(t.keyId).used;
    const res = await t.app.inject({ url: `${ENDPOINT}?q=${encodeURIComponent('Avenida Fuenlabrada 6, Humanes de Madrid')}`, headers: { 'x-api-key': t.key } });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('SERVICE_UNAVAILABLE');
    expect(t.ledger.peek(t.keyId).used).toBe(before);
  });
});
