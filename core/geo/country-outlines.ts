import { createRequire } from 'node:module';
import { booleanPointInPolygon, pointToPolygonDistance } from '@turf/turf';
import { feature } from 'topojson-client';
import type { LonLat } from '../model/index.js';

type Outline = GeoJSON.Feature<GeoJSON.Polygon | GeoJSON.MultiPolygon>;

let outlines: Map<string, Outline> | undefined;

/**
 * Country outlines of Natural Earth 1:50m (world-atlas, the same data the renderer draws),
 * keyed by ISO 3166-1 numeric id. Read on first use only: most points fall in one country's
 * bounds and never need them.
 */
function outlineById(id: string): Outline | undefined {
  if (!outlines) {
    const topology = createRequire(import.meta.url)('world-atlas/countries-50m.json') as { objects: { countries: unknown } };
    const collection = feature(topology, topology.objects.countries) as GeoJSON.FeatureCollection;
    outlines = new Map(
      collection.features.filter((f): f is Outline => f.geometry?.type === 'Polygon' || f.geometry?.type === 'MultiPolygon').map((f) => [String(f.id), f]),
    );
  }
  return outlines.get(id);
}

/**
 * Of the given outline ids, the one whose country holds the point; when none does (a harbour,
 * a coastal parcel the 1:50m coastline leaves at sea, an enclave), the nearest outline. Ids
 * without an outline are never chosen. Undefined when no id has an outline.
 */
export function countryOutlineAt(point: LonLat, ids: readonly string[]): string | undefined {
  const known = ids.map((id) => ({ id, outline: outlineById(id) })).filter((o): o is { id: string; outline: Outline } => o.outline !== undefined);
  const inside = known.find((o) => booleanPointInPolygon(point, o.outline));
  if (inside) return inside.id;
  let nearest: { id: string; km: number } | undefined;
  for (const { id, outline } of known) {
    const km = Math.abs(pointToPolygonDistance(point, outline, { units: 'kilometers' }));
    if (!nearest || km < nearest.km) nearest = { id, km };
  }
  return nearest?.id;
}
