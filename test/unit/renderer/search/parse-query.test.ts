// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../../../renderer/search/parse-query.js';

describe('parseQuery', () => {
  it('reads 14- and 20-character cadastral references, ignoring case and spaces', () => {
    expect(parseQuery('9398516VK3799G')).toEqual({ kind: 'reference', ref: '9398516VK3799G' });
    expect(parseQuery(' 40146a00405051 ')).toEqual({ kind: 'reference', ref: '40146A00405051' });
    expect(parseQuery('9398516 VK3799G 0001 WX')).toEqual({ kind: 'reference', ref: '9398516VK3799G0001WX' });
  });

  it('reads a decimal latitude, longitude pair with comma, semicolon or space', () => {
    expect(parseQuery('41.06, -4.47')).toEqual({ kind: 'coordinates', latitude: 41.06, longitude: -4.47 });
    expect(parseQuery('41.06 -4.47')).toEqual({ kind: 'coordinates', latitude: 41.06, longitude: -4.47 });
    expect(parseQuery('41,06; -4,47')).toEqual({ kind: 'coordinates', latitude: 41.06, longitude: -4.47 });
  });

  it('swaps a pasted longitude, latitude pair only when the first number cannot be a latitude', () => {
    expect(parseQuery('-120.5, 41.2')).toEqual({ kind: 'coordinates', latitude: 41.2, longitude: -120.5 });
    expect(parseQuery('-4.47, 41.06')).toEqual({ kind: 'coordinates', latitude: -4.47, longitude: 41.06 });
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
});
