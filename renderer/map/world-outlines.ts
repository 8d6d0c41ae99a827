import { feature } from 'topojson-client';
import countries from 'world-atlas/countries-50m.json';

let cached: GeoJSON.FeatureCollection | null = null;

/** Country outlines from Natural Earth (world-atlas), bundled so the offline map has a frame of reference. */
export function worldOutlines(): GeoJSON.FeatureCollection {
  if (!cached) {
    const topology = countries as unknown as { objects: { countries: unknown } };
    cached = feature(topology, topology.objects.countries) as GeoJSON.FeatureCollection;
  }
  return cached;
}
