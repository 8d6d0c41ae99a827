import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { MIN_PARCEL_TILE_ZOOM, type OverlayKind } from '../../core/model/index.js';
import type { Connectivity, LayerId } from '../state/store.js';

export const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const CATASTRO_WMS = 'https://ovc.catastro.meh.es/Cartografia/WMS/ServidorWMS.aspx';
/** The parcel tiles exist from this zoom on: the core's one rule. */
export const PARCEL_MIN_ZOOM = MIN_PARCEL_TILE_ZOOM;
export const PARCELS_FILL_LAYER = 'parcels-fill';
export const COPY_EXTENTS_FILL_LAYER = 'copy-extents-fill';
/** The parcel tiles' source in the style. */
export const PARCELS_SOURCE = 'parcels';
export const PARCELS_SOURCE_LAYER = 'parcels';

const WMS_TILE =
  `${CATASTRO_WMS}?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=Catastro&STYLES=&SRS=EPSG:3857` +
  '&BBOX={bbox-epsg-3857}&WIDTH=256&HEIGHT=256&FORMAT=image/png&TRANSPARENT=TRUE';

/** Which style layers each toggle drives, and whether they need the network; labels are the map namespace's `layer.<id>`. */
export const LAYER_GROUPS: Record<LayerId, { layers: string[]; online: boolean }> = {
  basemap: { layers: ['osm'], online: true },
  cadastreWms: { layers: ['catastro-wms'], online: true },
  outlines: { layers: ['countries-fill', 'countries-line'], online: false },
  parcels: { layers: [PARCELS_FILL_LAYER, 'parcels-line', 'parcels-hover'], online: false },
  protectedAreas: { layers: ['protected-areas-fill'], online: false },
  groundMotion: { layers: ['ground-motion-fill'], online: false },
};

/** Fill of national designated areas on the protected-areas overlay, apart from the Natura 2000 greens. */
export const NATIONAL_SITE_COLOR = '#9c36b5';

const SPA_COLOR = '#2f9e44';
const SCI_COLOR = '#0c8599';
/** Vertical velocity (mm/year) → colour stops of the ground-motion fill, read by its legend too. */
const GROUND_MOTION_RAMP: [velocity: number, color: string][] = [
  [-10, '#c92a2a'],
  [-2, '#ffd8a8'],
  [0, '#f8f9fa'],
  [2, '#a5d8ff'],
  [10, '#1864ab'],
];

/** One legend line: a colour and its text (a key of the map namespace with its values). */
export interface LegendEntry {
  color: string;
  key: string;
  values?: Record<string, string>;
}

/** What an overlay's colours mean, drawn under its toggle while it is shown; the same constants as the paint. */
export const LAYER_LEGENDS: Partial<Record<LayerId, LegendEntry[]>> = {
  protectedAreas: [
    { color: SPA_COLOR, key: 'legend.spa' },
    { color: SCI_COLOR, key: 'legend.sci' },
    { color: NATIONAL_SITE_COLOR, key: 'legend.national' },
  ],
  groundMotion: GROUND_MOTION_RAMP.map(([velocity, color]) => ({
    color,
    key: velocity === 0 ? 'legend.stable' : velocity <= -10 ? 'legend.sinkingFaster' : velocity >= 10 ? 'legend.risingFaster' : 'legend.velocity',
    values: { velocity: `${velocity > 0 ? '+' : ''}${velocity}` },
  })),
};

/** Overlay sources filled by the app from /api/overlays for the visible box. */
/** The map source of each overlay, named by the overlay kind the core serves it as. */
export const OVERLAY_SOURCES = { protectedAreas: 'protected-areas', groundMotion: 'ground-motion' } as const satisfies Record<string, OverlayKind>;
/** Overlays are fetched from this zoom on; a whole country's sites or cells would be too many. */
export const OVERLAY_MIN_ZOOM = 9;

export function isLayerShown(layer: LayerId, layers: Record<LayerId, boolean>, connectivity: Connectivity): boolean {
  return layers[layer] && (!LAYER_GROUPS[layer].online || connectivity === 'online');
}

const emptyCollection: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

/**
 * One style holding the online and the offline layers; visibility decides which show, and a
 * hidden layer's source loads no tiles, so offline nothing tries the network.
 */
export function buildMapStyle(options: { parcelTileUrl: string; parcelsHidden?: boolean }): StyleSpecification {
  const hidden = { visibility: 'none' as const };
  const parcelsLayout = options.parcelsHidden ? { layout: hidden } : {};
  const layers: LayerSpecification[] = [
    { id: 'background', type: 'background', paint: { 'background-color': '#e8eef1' } },
    { id: 'osm', type: 'raster', source: 'osm', layout: hidden },
    { id: 'countries-fill', type: 'fill', source: 'countries', paint: { 'fill-color': '#f7f5ef' } },
    { id: 'countries-line', type: 'line', source: 'countries', paint: { 'line-color': '#8a9aa6', 'line-width': 1 } },
    // The areas of the copy, where parcels are too small to draw: the user sees where the data is.
    { id: COPY_EXTENTS_FILL_LAYER, type: 'fill', source: 'copy-extents', maxzoom: PARCEL_MIN_ZOOM, paint: { 'fill-color': '#c9a86a', 'fill-opacity': 0.15 } },
    {
      id: 'copy-extents-line',
      type: 'line',
      source: 'copy-extents',
      maxzoom: PARCEL_MIN_ZOOM,
      paint: { 'line-color': '#7a5a2a', 'line-width': 2, 'line-dasharray': [3, 2] },
    },
    { id: 'catastro-wms', type: 'raster', source: 'catastro-wms', layout: hidden, paint: { 'raster-opacity': 0.85 } },
    {
      id: PARCELS_FILL_LAYER,
      type: 'fill',
      source: PARCELS_SOURCE,
      'source-layer': PARCELS_SOURCE_LAYER,
      ...parcelsLayout,
      paint: { 'fill-color': '#c9a86a', 'fill-opacity': 0.18 },
    },
    {
      id: 'parcels-line',
      type: 'line',
      source: PARCELS_SOURCE,
      'source-layer': PARCELS_SOURCE_LAYER,
      ...parcelsLayout,
      paint: { 'line-color': '#7a5a2a', 'line-width': ['interpolate', ['linear'], ['zoom'], 13, 0.3, 17, 1.2] },
    },
    {
      id: 'parcels-hover',
      type: 'line',
      source: PARCELS_SOURCE,
      'source-layer': PARCELS_SOURCE_LAYER,
      ...parcelsLayout,
      // The hovered parcel by feature state (map-controller.ts): a filter changed on every hover
      // made MapLibre reload and re-parse every parcel tile in view each time.
      paint: {
        'line-color': '#1f6feb',
        'line-width': 2,
        'line-opacity': ['case', ['==', ['feature-state', 'hoveredIn'], ['get', 'country']], 1, 0],
      },
    },
    {
      id: 'protected-areas-fill',
      type: 'fill',
      source: 'protected-areas',
      layout: hidden,
      // National designated areas violet, Natura 2000 SPA (birds) green, SCI (habitats) teal; the
      // pieces are drawn filled only (their seams are not borders).
      paint: {
        'fill-color': ['case', ['==', ['get', 'register'], 'national'], NATIONAL_SITE_COLOR, ['in', 'SPA', ['get', 'types']], SPA_COLOR, SCI_COLOR],
        'fill-opacity': 0.25,
      },
    },
    {
      id: 'ground-motion-fill',
      type: 'fill',
      source: 'ground-motion',
      layout: hidden,
      // Vertical velocity: subsidence red, stable pale, uplift blue (EGMS convention, mm/year).
      paint: {
        'fill-color': ['interpolate', ['linear'], ['coalesce', ['get', 'mean_velocity'], 0], ...GROUND_MOTION_RAMP.flat()],
        'fill-opacity': 0.7,
      },
    },
    { id: 'selection-fill', type: 'fill', source: 'selection', paint: { 'fill-color': '#ff5a1f', 'fill-opacity': 0.25 } },
    { id: 'selection-line', type: 'line', source: 'selection', paint: { 'line-color': '#d9480f', 'line-width': 3 } },
  ];
  return {
    version: 8,
    sources: {
      osm: { type: 'raster', tiles: [OSM_TILES], tileSize: 256, maxzoom: 19, attribution: '© OpenStreetMap contributors' },
      'catastro-wms': { type: 'raster', tiles: [WMS_TILE], tileSize: 256, attribution: 'Dirección General del Catastro' },
      // Given the outlines' URL once the first view is drawn (world-outlines.ts).
      countries: { type: 'geojson', data: emptyCollection, attribution: 'Natural Earth' },
      [PARCELS_SOURCE]: {
        // No fixed credit: the copy holds every country's parcels, credited by those in view (parcel-attribution.ts).
        type: 'vector',
        tiles: [options.parcelTileUrl],
        // Feature state (the hover) is keyed by the reference; its value is the country, so a parcel
        // of another country with the same reference is not lit with it.
        promoteId: 'ref',
        minzoom: PARCEL_MIN_ZOOM,
        maxzoom: 16,
      },
      selection: { type: 'geojson', data: emptyCollection },
      'copy-extents': { type: 'geojson', data: emptyCollection },
      'protected-areas': { type: 'geojson', data: emptyCollection, attribution: 'Natura 2000 © EEA / regional authorities; national registers as imported' },
      'ground-motion': { type: 'geojson', data: emptyCollection, attribution: 'EGMS © Copernicus Land Monitoring Service' },
    },
    layers,
  };
}
