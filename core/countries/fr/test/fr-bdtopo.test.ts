import { describe, expect, it } from 'vitest';
import { parseBatiments } from '../bdtopo.js';
import type { ParcelGeometry } from '../../../model/index.js';
import { boxAround } from '../../../../test/helpers/box-around.js';

// Hand-written BD TOPO `batiment` answers (no recording exists), in the v3 attribute names.
const square = (lon: number, lat: number, d: number) => boxAround(lon, lat, d);
const PARCEL = square(-4.3, 47.8, 0.001);
const answer = (...buildings: [ParcelGeometry, Record<string, unknown>][]) =>
  JSON.stringify({ type: 'FeatureCollection', features: buildings.map(([geometry, properties]) => ({ type: 'Feature', geometry, properties })) });

describe('BD TOPO buildings of a parcel', () => {
  it('sums dwellings; use and year are the largest building’s', () => {
    const facts = parseBatiments(
      answer(
        [square(-4.3, 47.8, 0.0001), { usage_1: 'Résidentiel', nombre_de_logements: 3, nombre_d_etages: 2, date_d_apparition: '1975-06-01' }],
        [square(-4.3005, 47.8005, 0.00003), { usage_1: 'Annexe', nombre_de_logements: 1, nombre_d_etages: 1, date_d_apparition: '2001-01-01' }],
      ),
      PARCEL,
    );
    expect(facts).toMatchObject({ uso: 'Résidentiel', anioConstruccion: 1975, declaredDwellings: 4 });
    expect(facts.superficieConstruida).toBeGreaterThan(0);
  });

  it('gives no built area when a building lacks its floors (a guessed count would be invented)', () => {
    const facts = parseBatiments(
      answer(
        [square(-4.3, 47.8, 0.0001), { usage_1: 'Résidentiel', nombre_d_etages: 2 }],
        [square(-4.3005, 47.8005, 0.00003), { usage_1: 'Annexe', nombre_d_etages: null }],
      ),
      PARCEL,
    );
    expect(facts.superficieConstruida).toBeUndefined();
    expect(facts.uso).toBe('Résidentiel');
  });

  it('an answer that is not a FeatureCollection is the source failing', () => {
    expect(() => parseBatiments('<ows:ExceptionReport/>', PARCEL)).toThrow(/not JSON/);
    expect(parseBatiments(answer([square(-4.2, 47.8, 0.0001), { usage_1: 'Agricole' }]), PARCEL)).toEqual({});
  });
});
