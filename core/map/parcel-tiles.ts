import { requireTile } from '../input.js';
import { MIN_PARCEL_TILE_ZOOM, type BBox } from '../model/index.js';
import type { CadastralStore } from '../store/cadastral-store.js';
import { encodeGeometry } from '../store/geometry-codec.js';
import { encodeParcelTile } from './parcel-tile-encoder.js';

// Below MIN_PARCEL_TILE_ZOOM a tile would hold too many parcels to be useful or fast; the map shows outlines from there on.
export { MIN_PARCEL_TILE_ZOOM };
export const PARCEL_TILE_LAYER = 'parcels';
const MAX_PARCELS_PER_TILE = 20_000;

/** WGS84 bounds of an XYZ (Web Mercator) tile. */
export function tileBBox(z: number, x: number, y: number): BBox {
  const n = 2 ** z;
  const lon = (i: number) => (i / n) * 360 - 180;
  const lat = (j: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * j) / n))) * 180) / Math.PI;
  return [lon(x), lat(y + 1), lon(x + 1), lat(y)];
}

/** True when z/x/y is a tile by the facade's one tile rule (core/input.ts requireTile). */
export function isValidTile(z: number, x: number, y: number): boolean {
  try {
    requireTile(z, x, y);
    return true;
  } catch {
    return false;
  }
}

/**
 * A Mapbox Vector Tile of the copy's parcels (layer `parcels`, properties `ref`, `country`,
 * `area`), made on demand from the store's box query: the copy changes with every import and
 * live answer, so pre-built tiles would go stale. Where the store hands out its outlines as
 * stored (the embedded copy), they go to the tile without being decoded
 * (parcel-tile-encoder.ts). Null when the tile is empty or below MIN_PARCEL_TILE_ZOOM.
 */
export async function parcelTile(
  store: Pick<CadastralStore, 'parcelsInBBox' | 'parcelOutlinesInBBox'>,
  z: number,
  x: number,
  y: number,
): Promise<Uint8Array | null> {
  if (z < MIN_PARCEL_TILE_ZOOM) return null;
  if (!store.parcelOutlinesInBBox) return parcelTileFrom(store, z, x, y);
  return encodeParcelTile(store.parcelOutlinesInBBox(tileBBox(z, x, y), MAX_PARCELS_PER_TILE), PARCEL_TILE_LAYER, z, x, y);
}

/** The same tile from whole parcels (a team database's answers): parcelTile's rule, from GeoJSON outlines. */
export async function parcelTileFrom(store: Pick<CadastralStore, 'parcelsInBBox'>, z: number, x: number, y: number): Promise<Uint8Array | null> {
  if (z < MIN_PARCEL_TILE_ZOOM) return null;
  const parcels = await store.parcelsInBBox(tileBBox(z, x, y), MAX_PARCELS_PER_TILE);
  // Outlines encoded as the embedded copy stores them, so both ways come from one encoder.
  return encodeParcelTile(
    {
      refs: parcels.map((p) => p.ref),
      countries: parcels.map((p) => p.country),
      areasM2: parcels.map((p) => p.areaM2),
      outlines: Buffer.concat(parcels.map((p) => encodeGeometry(p.geometry))),
    },
    PARCEL_TILE_LAYER,
    z,
    x,
    y,
  );
}
