import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GeometryProperty, SourceSurfaceCollector } from '../../../core/formats/gml-surfaces.js';
import { createSax } from '../../../core/formats/sax.js';
import { fixture } from '../../helpers/paths.js';

/**
 * The depth counting every GML feature reader shares, on a real Catastro WFS answer: what the
 * property holds goes to the collector, the feature's other elements (and the reference point's
 * gml:Point after the property) stay the reader's.
 */
describe('GeometryProperty', () => {
  const xml = readFileSync(fixture('es_catastro_wfs_getparcel_8429105VK1882N.gml'), 'utf8');
  const posList = /<gml:posList[^>]*>([^<]+)</.exec(xml)![1].trim().split(/\s+/).map(Number);

  function readWith(geometry: GeometryProperty) {
    const outside: string[] = [];
    const textsOutside: string[] = [];
    const sax = createSax({
      open: (local, attributes) => {
        if (!geometry.open(local, attributes.srsName)) outside.push(local);
      },
      text: (text) => {
        if (geometry.inside) geometry.surfaces.addText(text);
        else if (text.trim()) textsOutside.push(text.trim());
      },
      close: (local) => {
        geometry.close(local);
      },
    });
    sax.write(xml);
    sax.close();
    return { outside, textsOutside };
  }

  it("hands the property's geometry to the collector and leaves the feature's own elements", () => {
    const geometry = new GeometryProperty(new SourceSurfaceCollector(), new Set(['geometry']));
    const { outside, textsOutside } = readWith(geometry);
    const polygons = geometry.surfaces.sourcePolygons();
    expect(polygons).toHaveLength(1);
    expect(polygons[0][0].epsg).toBe(25830);
    expect(Array.from(polygons[0][0].xy)).toEqual(posList);
    expect(geometry.inside).toBe(false);
    // The feature's fields, and the reference point outside the property, are not taken.
    expect(outside).toEqual(expect.arrayContaining(['CadastralParcel', 'areaValue', 'nationalCadastralReference', 'referencePoint', 'Point', 'pos']));
    expect(outside).not.toContain('MultiSurface');
    expect(outside).not.toContain('posList');
    expect(textsOutside).toContain('572');
    expect(textsOutside.join(' ')).not.toContain(String(posList[0]));
  });

  it('starts each feature empty after reset', () => {
    const geometry = new GeometryProperty(new SourceSurfaceCollector(), new Set(['geometry']));
    readWith(geometry);
    geometry.reset();
    expect(geometry.surfaces.sourcePolygons()).toEqual([]);
    expect(geometry.inside).toBe(false);
  });

  it('takes nothing when the feature has no such property', () => {
    const geometry = new GeometryProperty(new SourceSurfaceCollector(), new Set(['geometria']));
    const { outside } = readWith(geometry);
    expect(geometry.surfaces.sourcePolygons()).toEqual([]);
    expect(outside).toContain('posList');
  });
});
