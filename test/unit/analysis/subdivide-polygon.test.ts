import { readFileSync } from 'node:fs';
import { area } from '@turf/turf';
import proj4 from 'proj4';
import { describe, expect, it } from 'vitest';
import { subdividePolygon } from '../../../core/analysis/terrain/subdivide-polygon.js';
import type { Ring } from '../../../core/model/index.js';
import { fixture } from '../../helpers/paths.js';

describe('subdividePolygon on the real Madrid ZEPA polygons', () => {
  const doc = JSON.parse(readFileSync(fixture('analysis/es_madrid_zepa_qgis2web_3857.geojson'), 'utf8'));
  const toWgs = proj4('EPSG:3857', 'EPSG:4326');

  it('pieces are small and their areas add up to the site area (geodesic, independent of the cut)', () => {
    for (const f of doc.features.slice(0, 3)) {
      const rings = (f.geometry.coordinates as number[][][]).map((ring) => ring.map((p) => toWgs.forward(p))) as Ring[];
      const pieces = subdividePolygon(rings, 256);
      expect(pieces.length).toBeGreaterThan(1);
      for (const piece of pieces) expect(piece.reduce((n, r) => n + r.length, 0)).toBeLessThanOrEqual(256);
      const whole = area({ type: 'Polygon', coordinates: rings });
      const sum = pieces.reduce((s, piece) => s + area({ type: 'Polygon', coordinates: piece }), 0);
      expect(Math.abs(sum - whole) / whole).toBeLessThan(1e-6);
    }
  });
});
