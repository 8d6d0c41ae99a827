import type { LayerSpecification } from 'maplibre-gl';

export const BASEMAP_SOURCE = 'offline-basemap';
/** Drawn above the bundled country outlines and under the cadastre (WMS, parcels, overlays). */
export const BASEMAP_BEFORE_LAYER = 'catastro-wms';

interface VectorLayerInfo {
  id: string;
}

/** Colours by the layer names OpenStreetMap vector basemaps use (Protomaps, OpenMapTiles, Shortbread). */
function colourOf(id: string): { fill?: string; line: string; width: number } {
  const name = id.toLowerCase();
  if (/water|ocean|sea|river|lake/.test(name)) return { fill: '#b9d3e6', line: '#8fb5d3', width: 0.8 };
  if (/park|landuse|landcover|natural|wood|forest|green|earth|land/.test(name)) return { fill: '#e3ecd5', line: '#c9d8b5', width: 0.5 };
  if (/building/.test(name)) return { fill: '#ddd6cc', line: '#c4b9aa', width: 0.5 };
  if (/road|street|transport|highway/.test(name)) return { line: '#ffffff', width: 2 };
  if (/rail/.test(name)) return { line: '#a8a8a8', width: 1 };
  if (/boundar|admin/.test(name)) return { line: '#9a8fb0', width: 1 };
  return { fill: '#ece9e2', line: '#c8c2b8', width: 0.6 };
}

/**
 * Layers for a basemap archive: a raster archive is one raster layer; a vector archive gets a
 * fill and a line layer per vector layer its metadata lists, coloured by name. No text: the
 * offline style has no glyphs.
 */
export function basemapLayers(kind: 'vector' | 'raster', vectorLayers: VectorLayerInfo[]): LayerSpecification[] {
  if (kind === 'raster') return [{ id: `${BASEMAP_SOURCE}-raster`, type: 'raster', source: BASEMAP_SOURCE }];
  return vectorLayers.flatMap(({ id }) => {
    const colour = colourOf(id);
    const layers: LayerSpecification[] = [];
    if (colour.fill) {
      layers.push({
        id: `${BASEMAP_SOURCE}-${id}-fill`,
        type: 'fill',
        source: BASEMAP_SOURCE,
        'source-layer': id,
        filter: ['==', ['geometry-type'], 'Polygon'],
        paint: { 'fill-color': colour.fill },
      });
    }
    layers.push({
      id: `${BASEMAP_SOURCE}-${id}-line`,
      type: 'line',
      source: BASEMAP_SOURCE,
      'source-layer': id,
      paint: { 'line-color': colour.line, 'line-width': colour.width },
    });
    return layers;
  });
}
