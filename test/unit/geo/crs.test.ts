import { describe, expect, it } from 'vitest';
import { epsgFromSrsName, fromWgs84, isLatitudeFirst, spanishUtmEpsgFor, toWgs84 } from '../../../core/geo/crs.js';

describe('srsName parsing', () => {
  it.each([
    ['http://www.opengis.net/def/crs/EPSG/0/25830', 25830],
    ['urn:ogc:def:crs:EPSG::25830', 25830],
    ['urn:ogc:def:crs:EPSG:6.3:32628', 32628],
    ['EPSG:4326', 4326],
    ['EPSG::4258', 4258],
  ])('%s → %i', (srsName, epsg) => {
    expect(epsgFromSrsName(srsName)).toBe(epsg);
  });

  it('rejects names without an EPSG code', () => {
    expect(epsgFromSrsName('CRS:84')).toBeUndefined();
  });

  it('geographic URN/URI names are latitude first, the legacy EPSG:4326 form and projected CRSs are not', () => {
    expect(isLatitudeFirst('urn:ogc:def:crs:EPSG::4258')).toBe(true);
    expect(isLatitudeFirst('http://www.opengis.net/def/crs/EPSG/0/4326')).toBe(true);
    expect(isLatitudeFirst('EPSG:4326')).toBe(false);
    expect(isLatitudeFirst('urn:ogc:def:crs:EPSG::25830')).toBe(false);
  });
});

describe('UTM conversion', () => {
  it('puts the central meridian of zone 30 (3°W) at easting 500000 and the equator at northing 0', () => {
    const [lon, lat] = toWgs84(25830, 500000, 0);
    expect(lon).toBeCloseTo(-3, 9);
    expect(lat).toBeCloseTo(0, 9);
  });

  it('round-trips a point in every Spanish zone to below a millimetre', () => {
    for (const epsg of [25828, 25829, 25830, 25831, 32628, 4083]) {
      const [x, y] = fromWgs84(epsg, -4.4684, 41.0614);
      const [lon, lat] = toWgs84(epsg, x, y);
      expect(Math.abs(lon + 4.4684) * 111_000).toBeLessThan(0.001);
      expect(Math.abs(lat - 41.0614) * 111_000).toBeLessThan(0.001);
    }
  });

  it('chooses the UTM zone of a longitude, clamped to the Spanish zones', () => {
    expect(spanishUtmEpsgFor(-3.7)).toBe(25830);
    expect(spanishUtmEpsgFor(2.17)).toBe(25831);
    expect(spanishUtmEpsgFor(-8.5)).toBe(25829);
    expect(spanishUtmEpsgFor(-16.3)).toBe(25828);
  });

  it('refuses an unknown CRS instead of guessing', () => {
    expect(() => toWgs84(9999, 1, 1)).toThrow(/Unsupported CRS/);
  });
});
