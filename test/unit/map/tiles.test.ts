import { describe, expect, it } from 'vitest';
import { isValidTile, tileBBox } from '../../../core/map/parcel-tiles.js';

describe('tile bounds', () => {
  it('tile 0/0/0 covers the Web Mercator world', () => {
    const [w, s, e, n] = tileBBox(0, 0, 0);
    expect(w).toBe(-180);
    expect(e).toBe(180);
    expect(n).toBeCloseTo(85.0511287798, 8);
    expect(s).toBeCloseTo(-85.0511287798, 8);
  });

  it('a z16 tile contains the point it was computed from', () => {
    const lon = -4.4684,
      lat = 41.0614,
      z = 16;
    const x = Math.floor(((lon + 180) / 360) * 2 ** z);
    const latRad = (lat * Math.PI) / 180;
    const y = Math.floor(((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * 2 ** z);
    const [w, s, e, n] = tileBBox(z, x, y);
    expect(lon).toBeGreaterThanOrEqual(w);
    expect(lon).toBeLessThan(e);
    expect(lat).toBeGreaterThan(s);
    expect(lat).toBeLessThanOrEqual(n);
  });

  it('rejects tiles outside the pyramid', () => {
    expect(isValidTile(2, 4, 0)).toBe(false);
    expect(isValidTile(-1, 0, 0)).toBe(false);
    expect(isValidTile(25, 0, 0)).toBe(false);
    expect(isValidTile(3, 7, 7)).toBe(true);
  });
});
