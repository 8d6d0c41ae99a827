import { describe, expect, it } from 'vitest';
import { planarArea } from '../../../core/analysis/ground-motion/planar-area.js';
import { detectPreset, siteTypes } from '../../../core/analysis/terrain/field-mapping.js';
import { componentOfFileName } from '../../../core/analysis/ground-motion/import-egms.js';
import { isRuralParcel } from '../../../core/analysis/parcel-facts.js';
import { squareParcel } from '../../integration/analysis/parcels.js';

describe('field mappings of protected-area layers', () => {
  it('detects the EEA, Madrid ZEPA and Madrid ZEC layouts from their field names', () => {
    expect(detectPreset({ SITECODE: 'ES0000001', SITENAME: 'x', SITETYPE: 'C' })?.id).toBe('eea-natura2000');
    expect(detectPreset({ CDID: 2, CD_ZEPA: 'ES0000139', DS_ZEPA: 'x' })?.id).toBe('madrid-zepa');
    expect(detectPreset({ CD_ZEC_COD: 'ES3110003', DS_ZEC_NAM: 'x' })?.id).toBe('madrid-zec');
    expect(detectPreset({ foo: 1 })).toBeUndefined();
  });

  it('EEA SITETYPE A = SPA, B = SCI, C = both; regional layers have a fixed type', () => {
    const eea = detectPreset({ SITECODE: '', SITENAME: '' })!.mapping;
    expect(['A', 'B', 'C', 'Z'].map((t) => siteTypes(eea, { SITETYPE: t }))).toEqual([['SPA'], ['SCI'], ['SPA', 'SCI'], []]);
    expect(siteTypes(detectPreset({ CD_ZEPA: '', DS_ZEPA: '' })!.mapping, {})).toEqual(['SPA']);
  });
});

describe('small helpers', () => {
  it('planar area: 100 m square minus a 10 m hole', () => {
    const outer = [
      [0, 0],
      [100, 0],
      [100, 100],
      [0, 100],
      [0, 0],
    ];
    const hole = [
      [10, 10],
      [20, 10],
      [20, 20],
      [10, 20],
      [10, 10],
    ];
    expect(planarArea([outer, hole])).toBe(10_000 - 100);
  });

  it('EGMS component from the file name', () => {
    expect(componentOfFileName('/x/EGMS_L3_E45N17_100km_U_2020_2024_1.zip')).toBe('U');
    expect(componentOfFileName('EGMS_L3_E45N17_100km_E_2020_2024_1.zip')).toBe('E');
    expect(componentOfFileName('tile.zip')).toBeUndefined();
  });

  it('rural parcels: class Rústico, or a Spanish reference with a letter in 6th place when no class is known', () => {
    expect(isRuralParcel(squareParcel(0, 0, 'ES', { clase: 'Rústico' }))).toBe(true);
    expect(isRuralParcel(squareParcel(0, 0, 'ES', { clase: 'Urbano', refCatastral: '41086A00200002' }))).toBe(false);
    expect(isRuralParcel(squareParcel(0, 0, 'ES', { refCatastral: '41086A00200002' }))).toBe(true);
    expect(isRuralParcel(squareParcel(0, 0, 'ES', { refCatastral: '9398516VK3799G' }))).toBe(false);
  });
});
