import { MIN_PARCEL_TILE_ZOOM, type BBox, type CopyExtent } from '../../core/model/index.js';

/** Where the map looks: centre [lon, lat] and zoom. */
export interface MapCamera {
  center: [number, number];
  zoom: number;
}

/** The map's camera fitted to a box (MapLibre's cameraForBounds with the app's padding); undefined when the box cannot be fitted. */
export type FitBox = (bbox: BBox) => MapCamera | undefined;

/** Where the last view at parcel zoom is remembered (the renderer's settings live in localStorage). */
export const LAST_VIEW_STORAGE_KEY = 'catastro.lastView';

/**
 * The areas the user took into the copy (offline areas, imported municipalities), the most parcels
 * first. Areas made only of live lookups are left out: one parcel looked up in Madrid is not an area
 * to open on or jump to.
 */
export function takenAreas(extents: readonly CopyExtent[]): CopyExtent[] {
  return extents.filter((extent) => !extent.lookedUp).sort((a, b) => b.parcels - a.parcels);
}

/** An area fitted to the view, but never below the zoom parcels draw from: then centred on it at that zoom. */
export function areaCamera(area: CopyExtent, fit: FitBox): MapCamera {
  const [west, south, east, north] = area.bbox;
  const centre: [number, number] = [(west + east) / 2, (south + north) / 2];
  const fitted = fit(area.bbox);
  if (!fitted || !(fitted.zoom >= MIN_PARCEL_TILE_ZOOM)) return { center: centre, zoom: MIN_PARCEL_TILE_ZOOM };
  return fitted;
}

/**
 * The first view: the view the user last worked in (remembered at parcel zoom), else the largest
 * area of the copy at a zoom where its parcels draw; null when the copy has no area (the map keeps
 * its default view).
 */
export function startCamera(extents: readonly CopyExtent[], remembered: MapCamera | null, fit: FitBox): MapCamera | null {
  if (remembered) return remembered;
  const largest = takenAreas(extents)[0];
  return largest ? areaCamera(largest, fit) : null;
}

const isLonLat = (value: unknown): value is [number, number] =>
  Array.isArray(value) && value.length === 2 && Number.isFinite(value[0]) && Number.isFinite(value[1]) && Math.abs(value[0]) <= 180 && Math.abs(value[1]) <= 90;

/** The remembered last view; null when none was kept, or what is kept is not a view at parcel zoom. */
export function rememberedView(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): MapCamera | null {
  try {
    const value = JSON.parse(storage?.getItem(LAST_VIEW_STORAGE_KEY) ?? 'null') as Partial<MapCamera> | null;
    if (!value || !isLonLat(value.center) || typeof value.zoom !== 'number' || !(value.zoom >= MIN_PARCEL_TILE_ZOOM) || value.zoom > 24) return null;
    return { center: value.center, zoom: value.zoom };
  } catch {
    return null; // unreadable storage or text: no remembered view
  }
}

/**
 * Remembers a view the user worked in: only at parcel zoom, so a glance at the whole country does
 * not become a first view without parcels.
 */
export function rememberView(view: MapCamera, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  if (!(view.zoom >= MIN_PARCEL_TILE_ZOOM) || !isLonLat(view.center)) return;
  try {
    storage?.setItem(LAST_VIEW_STORAGE_KEY, JSON.stringify({ center: view.center, zoom: Math.round(view.zoom * 1000) / 1000 }));
  } catch {
    // Storage refused (private mode): the next start fits the largest area instead.
  }
}
