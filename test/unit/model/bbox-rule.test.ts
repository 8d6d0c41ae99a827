import { describe, expect, it } from 'vitest';
import { bboxFromText, requireBBox } from '../../../core/input.js';
import { checkOfflineChoice } from '../../../core/offline/offline-areas-service.js';

// Issue #39 item 2: one box rule for the HTTP overlay query, IPC, the offline choice and `catastro download --bbox`.
describe('the one box rule', () => {
  it('reads a typed box as its four numbers, an empty or non-numeric part as NaN', () => {
    expect(bboxFromText('-4.14, 40.93,-4.10,40.96')).toEqual([-4.14, 40.93, -4.1, 40.96]);
    expect(bboxFromText('1,,3,4')).toEqual([1, Number.NaN, 3, 4]);
    expect(bboxFromText('abc')).toEqual([Number.NaN]);
    expect(bboxFromText(undefined)).toEqual([Number.NaN]);
  });

  it('takes a map view that is a line, but a box to download must enclose an area', () => {
    expect(requireBBox([-4, 40, -4, 41])).toEqual([-4, 40, -4, 41]);
    expect(() => requireBBox([-4, 40, -4, 41], { area: true })).toThrow(/minLon,minLat,maxLon,maxLat/);
    expect(requireBBox([-4.2, 40.9, -4.1, 41], { area: true })).toEqual([-4.2, 40.9, -4.1, 41]);
  });

  it.each([
    ['west above east', [3, 2, 1, 4]],
    ['south above north', [1, 4, 3, 2]],
    ['a longitude beyond 180', [-200, 40, -4, 41]],
    ['a latitude beyond 90', [-4, 40, -3, 91]],
    ['three numbers', [1, 2, 3]],
    ['a number as text', ['1', 2, 3, 4]],
    ['NaN from a typed part', bboxFromText('1,,3,4')],
  ])('refuses %s with the words of the face that asked', (_case, box) => {
    expect(() => requireBBox(box)).toThrow(/Parameter 'bbox' must be/);
    expect(() => requireBBox(box, { area: true, message: '--bbox takes west,south,east,north' })).toThrow('--bbox takes west,south,east,north');
  });

  it('is the offline choice’s rule too', () => {
    expect(checkOfflineChoice({ bbox: [-4.2, 40.9, -4.1, 41] }).bbox).toEqual([-4.2, 40.9, -4.1, 41]);
    for (const bbox of [
      [-4, 40, -4, 41],
      [-200, 40, -4, 41],
      ['1', 2, 3, 4],
    ]) {
      expect(() => checkOfflineChoice({ bbox })).toThrow('bbox must be [west, south, east, north] in degrees.');
    }
  });
});
