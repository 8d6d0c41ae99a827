// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { parseQuery } from '../../../../renderer/search/parse-query.js';
import { projections } from '../../../../renderer/geo/projections.js';

beforeAll(() => projections.load()); // proj4 for UTM, a chunk of its own in the app

describe('parseQuery', () => {
  it('reads 14- and 20-character cadastral references, ignoring case and spaces', () => {
    expect(parseQuery('9398516VK3799G')).toEqual({ kind: 'reference', ref: '9398516VK3799G' });
    expect(parseQuery(' 40146a00405051 ')).toEqual({ kind: 'reference', ref: '40146A00405051' });
    expect(parseQuery('9398516 VK3799G 0001 AY')).toEqual({ kind: 'reference', ref: '9398516VK3799G0001AY' });
  });

  it('reads a decimal latitude, longitude pair with comma, semicolon or space', () => {
    expect(parseQuery('41.06, -4.47')).toEqual({ kind: 'coordinates', latitude: 41.06, longitude: -4.47 });
    expect(parseQuery('41.06 -4.47')).toEqual({ kind: 'coordinates', latitude: 41.06, longitude: -4.47 });
    expect(parseQuery('41,06; -4,47')).toEqual({ kind: 'coordinates', latitude: 41.06, longitude: -4.47 });
  });

  it('swaps a pasted longitude, latitude pair only when the first number cannot be a latitude', () => {
    expect(parseQuery('-120.5, 41.2')).toEqual({ kind: 'coordinates', latitude: 41.2, longitude: -120.5 });
    // Both readings are possible numbers, but only 41.06 N, 4.47 W lies where the cadastres are: swapped.
    expect(parseQuery('-4.47, 41.06')).toEqual({ kind: 'coordinates', latitude: 41.06, longitude: -4.47 });
    // Both readings in coverage (Cyprus-like 34, 33 / 33, 34): kept as written, latitude first.
    expect(parseQuery('34.5, 33.2')).toEqual({ kind: 'coordinates', latitude: 34.5, longitude: 33.2 });
  });

  it('reads DMS with hemispheres, in either order and with typographic primes', () => {
    const result = parseQuery(`41°3'41"N 4°28'6"W`);
    expect(result.kind).toBe('coordinates');
    if (result.kind !== 'coordinates') return;
    expect(result.latitude).toBeCloseTo(41 + 3 / 60 + 41 / 3600, 9);
    expect(result.longitude).toBeCloseTo(-(4 + 28 / 60 + 6 / 3600), 9);

    const swapped = parseQuery('4°28′6″W, 41°3′41″N');
    expect(swapped).toEqual(result);
    const spanish = parseQuery(`41º3'41"N 4º28'6"O`);
    expect(spanish).toEqual(result);
    const south = parseQuery(`33°52'S 151°12'30.5"E`);
    expect(south.kind === 'coordinates' && south.latitude).toBeCloseTo(-(33 + 52 / 60), 9);
  });

  it('rejects impossible values with a reason instead of guessing', () => {
    expect(parseQuery('95, 120').kind).toBe('invalid');
    expect(parseQuery(`41°75'0"N 4°0'0"W`)).toEqual({ kind: 'invalid', reason: 'dmsOver60' });
    expect(parseQuery('').kind).toBe('invalid');
    expect(parseQuery('ab').kind).toBe('invalid');
  });

  it('treats anything else as an address, capped at the API limit of 200 characters', () => {
    expect(parseQuery('Calle Mayor 1, Segovia')).toEqual({ kind: 'address', text: 'Calle Mayor 1, Segovia' });
    const long = parseQuery(`Calle ${'x'.repeat(300)}`);
    expect(long.kind === 'address' && long.text.length).toBe(200);
  });

  it('checks the control letters of a unit reference locally and suggests the right ones', () => {
    // 9398516VK3799G0001AY is the first unit of the recorded OVC answer (test/fixtures/es_catastro_ovc-dnprc-urbana-9398516VK3799G.json).
    expect(parseQuery('9398516VK3799G0001AY').kind).toBe('reference');
    const wrong = parseQuery('9398516VK3799G0001AZ');
    expect(wrong).toEqual({ kind: 'invalid', reason: 'controlLetters', values: { typed: 'AZ', expected: 'AY', corrected: '9398516VK3799G0001AY' } });
    if (wrong.kind === 'invalid') expect(parseQuery(String(wrong.values!.corrected)).kind).toBe('reference');
  });

  it('reads polígono and parcela', () => {
    expect(parseQuery('Polígono 4 Parcela 30')).toEqual({ kind: 'rustic', poligono: 4, parcela: 30 });
    expect(parseQuery('pol. 4, parc. 30')).toEqual({ kind: 'rustic', poligono: 4, parcela: 30 });
  });

  it('reads the municipality named before or after polígono and parcela, and its province after a comma or in parentheses', () => {
    const melque = { kind: 'rustic', poligono: 1, parcela: 2, municipio: 'Melque de Cercos' };
    expect(parseQuery('Melque de Cercos polígono 1 parcela 2')).toEqual(melque);
    expect(parseQuery('polígono 1 parcela 2 Melque de Cercos')).toEqual(melque);
    expect(parseQuery('Melque de Cercos, pol. 1 parc. 2')).toEqual(melque);
    expect(parseQuery('pol 1 par 2, Melque de Cercos (Segovia)')).toEqual({ ...melque, provincia: 'Segovia' });
    expect(parseQuery('Polígono 1 Parcela 2 de Melque de Cercos, Segovia')).toEqual({ ...melque, provincia: 'Segovia' });
    expect(parseQuery('Melque de Cercos (Segovia) POLIGONO 1 PARCELA 2')).toEqual({ ...melque, provincia: 'Segovia' });
    expect(parseQuery('poligono 5 parcela 23 en Ávila de los Caballeros, Ávila')).toEqual({
      kind: 'rustic',
      poligono: 5,
      parcela: 23,
      municipio: 'Ávila de los Caballeros',
      provincia: 'Ávila',
    });
  });

  it("reads an article in parentheses after the municipality as its name's, as the Catastro writes it, and the province after it", () => {
    const cuesta = { kind: 'rustic', poligono: 1, parcela: 2, municipio: 'Cuesta (La)' };
    expect(parseQuery('polígono 1 parcela 2, Cuesta (La)')).toEqual(cuesta);
    expect(parseQuery('Cuesta (La) pol 1 par 2')).toEqual(cuesta);
    expect(parseQuery('pol 1 par 2 Cuesta (La) Segovia')).toEqual({ ...cuesta, provincia: 'Segovia' });
    expect(parseQuery('pol 1 par 2, Cuesta (La) (Segovia)')).toEqual({ ...cuesta, provincia: 'Segovia' });
    expect(parseQuery('pol 1 par 2, Cuesta (La), Segovia')).toEqual({ ...cuesta, provincia: 'Segovia' });
    // The text a choice of an ambiguous name runs again (run-search.ts) writes the Catastro's name.
    expect(parseQuery('Polígono 1 Parcela 2, CUESTA (LA) (40)')).toEqual({ ...cuesta, municipio: 'CUESTA (LA)', provincia: '40' });
    expect(parseQuery('pol 3 par 4, Escala (L’) (Girona)')).toEqual({ kind: 'rustic', poligono: 3, parcela: 4, municipio: 'Escala (L’)', provincia: 'Girona' });
    expect(parseQuery('pol 3 par 4 Coruña (A) (A Coruña)')).toEqual({
      kind: 'rustic',
      poligono: 3,
      parcela: 4,
      municipio: 'Coruña (A)',
      provincia: 'A Coruña',
    });
    expect(parseQuery('pol 3 par 4, Pobla (Sa) Illes Balears')).toEqual({
      kind: 'rustic',
      poligono: 3,
      parcela: 4,
      municipio: 'Pobla (Sa)',
      provincia: 'Illes Balears',
    });
    // The article before the name, or inside it, is the name's as it always was.
    expect(parseQuery('pol 1 par 2, La Cuesta (Segovia)')).toEqual({ ...cuesta, municipio: 'La Cuesta', provincia: 'Segovia' });
    expect(parseQuery('polígono 1 parcela 2, La Cuesta')).toEqual({ ...cuesta, municipio: 'La Cuesta' });
    expect(parseQuery('pol 1 par 2 San Cristóbal de la Vega (Segovia)')).toEqual({ ...cuesta, municipio: 'San Cristóbal de la Vega', provincia: 'Segovia' });
    expect(parseQuery('pol 1 par 2, Alameda de la Sagra, Toledo')).toEqual({ ...cuesta, municipio: 'Alameda de la Sagra', provincia: 'Toledo' });
  });

  it('leaves addresses alone: a street and town, an industrial estate, a street named after the polígono, words on both sides', () => {
    expect(parseQuery('Calle Mayor 1, Segovia')).toEqual({ kind: 'address', text: 'Calle Mayor 1, Segovia' });
    expect(parseQuery('Polígono Industrial Los Llanos, parcela 4, Getafe').kind).toBe('address');
    expect(parseQuery('Polígono Industrial El Cerro 12, Segovia').kind).toBe('address');
    expect(parseQuery('Avenida del Polígono 5, parcela 3').kind).toBe('address');
    expect(parseQuery('Nave 3 polígono 1 parcela 2').kind).toBe('address');
    expect(parseQuery('Melque polígono 1 parcela 2 Segovia').kind).toBe('address');
    expect(parseQuery('Tripol 1 parcela 2').kind).toBe('address');
  });

  it('reads UTM ETRS89 with the zone given or taken from the map', () => {
    // The sample parcel's centroid: GDAL puts it at 376458.52 4546461.01 in EPSG:25830.
    for (const text of ['30T 376458.52 4546461.01', 'huso 30 X 376458.52 Y 4546461.01', '376458.52, 4546461.01 huso 30']) {
      const result = parseQuery(text);
      expect(result.kind, text).toBe('coordinates');
      if (result.kind !== 'coordinates') continue;
      expect(result.latitude).toBeCloseTo(41.06001846893712, 6);
      expect(result.longitude).toBeCloseTo(-4.470268457843249, 6);
      expect(result.utmZone).toBe(30);
    }
    expect(parseQuery('376458 4546461', { longitude: -4.5 })).toMatchObject({ kind: 'coordinates', utmZone: 30 });
    expect(parseQuery('376458 4546461')).toEqual({ kind: 'invalid', reason: 'utmZone' });
  });

  it('never sends a lone run of digits to the address geocoder', () => {
    // Asked of the service as another country's reference; run-search never falls back to the geocoder for digits alone.
    expect(parseQuery('12345678901234')).toEqual({ kind: 'code', text: '12345678901234' });
    expect(parseQuery('28001 Madrid').kind).toBe('address');
  });
});
