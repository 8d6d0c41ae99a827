import { addProtocol, type Map as MapLibreMap } from 'maplibre-gl';
import { FetchSource, FileSource, PMTiles, Protocol, TileType, type Source } from 'pmtiles';
import { BASEMAP_BEFORE_LAYER, BASEMAP_SOURCE, basemapLayers } from './basemap-style.js';

const protocol = new Protocol({ metadata: true });
let registered = false;

export interface BasemapInfo {
  name: string;
  kind: 'vector' | 'raster';
  attribution: string;
  minZoom: number;
  maxZoom: number;
}

/** A PMTiles archive from a file the user picked, or from the local server (`--basemap FILE`). */
export function fileSource(file: File): Source {
  return new FileSource(file);
}
export function serverSource(url: string, headers?: Headers): Source {
  return new FetchSource(url, headers);
}

/**
 * Shows a PMTiles archive as the offline background (the `pmtiles` library reads it through
 * MapLibre's addProtocol), replacing the one shown before, with the archive's own attribution.
 */
export async function showBasemap(map: MapLibreMap, source: Source, name: string): Promise<BasemapInfo> {
  if (!registered) {
    addProtocol('pmtiles', protocol.tile);
    registered = true;
  }
  const archive = new PMTiles(source);
  const header = await archive.getHeader();
  const metadata = (await archive.getMetadata().catch(() => ({}))) as { attribution?: string; vector_layers?: { id: string }[] };
  const kind = header.tileType === TileType.Mvt ? 'vector' : 'raster';
  if (kind === 'vector' && !metadata.vector_layers?.length) throw new Error(`${name}: a vector PMTiles archive without vector_layers in its metadata.`);
  protocol.add(archive);
  hideBasemap(map);
  const attribution = metadata.attribution ?? name;
  map.addSource(BASEMAP_SOURCE, {
    type: kind,
    url: `pmtiles://${source.getKey()}`,
    attribution,
    ...(kind === 'raster' && { tileSize: 256 }),
  });
  const before = map.getLayer(BASEMAP_BEFORE_LAYER) ? BASEMAP_BEFORE_LAYER : undefined;
  for (const layer of basemapLayers(kind, metadata.vector_layers ?? [])) map.addLayer(layer, before);
  return { name, kind, attribution, minZoom: header.minZoom, maxZoom: header.maxZoom };
}

export function hideBasemap(map: MapLibreMap): void {
  for (const layer of map.getStyle().layers ?? []) {
    if ('source' in layer && layer.source === BASEMAP_SOURCE) map.removeLayer(layer.id);
  }
  if (map.getSource(BASEMAP_SOURCE)) map.removeSource(BASEMAP_SOURCE);
}
